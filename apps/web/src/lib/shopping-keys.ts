import { createQueryKeys } from './query-keys';

/**
 * Query keys of the cart and favourites, shared here because other features must refresh them
 * (re-order and the Opticon upload fill the cart) and features never import each other.
 */
export const cartKeys = createQueryKeys('cart');
export const favouritesKeys = createQueryKeys('favourites');
export const ordersKeys = createQueryKeys('orders');
