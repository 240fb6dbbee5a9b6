// The pure rules stay apart from the zod wire shapes so a browser chunk that only needs the rules
// (the cart page) does not load zod (docs/product/storefront-ux.md, Lighthouse).
export * from './rules';
export * from './schemas';
