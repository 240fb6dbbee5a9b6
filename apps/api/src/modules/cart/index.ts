// Public entry of the cart module (see accounts/index.ts for the rule).
export {
  addManyToCart,
  lockCartLines,
  readCart,
  orderedLinesDelete,
  type CartOwner,
} from './cart.service';
export { cartOwner } from './cart.routes';
