// Public entry of the favourites module (see accounts/index.ts for the rule). Its routes are
// registered by modules/index.ts.
export { countFavouritesOfUser } from './favourites.queries';
