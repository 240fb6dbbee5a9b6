// Public entry of the cart module (see accounts/index.ts for the rule).
export {
  addManyToCart,
  addToCart,
  assertWithinLinePacks,
  changeCartLine,
  dropCartLine,
  lockCartLines,
  readCart,
  orderedLinesDelete,
  type CartOwner,
} from './cart.service';
export { cartOwner } from './cart.routes';
// The one way a line is priced for its customer: the cart and the order placed from it.
export { customerLinePrices } from './cart.prices';
