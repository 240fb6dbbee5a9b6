/**
 * How many of a main grid's first cards fetch their pictures at once (a phone's first row, the
 * page's largest paint, docs/product/storefront-ux.md). Apart from the grid so the listing's route
 * loader can preload the same pictures without loading the grid and its styles.
 */
export const PRIORITY_CARDS = 2;
