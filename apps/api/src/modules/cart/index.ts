// Public entry of the cart module (see accounts/index.ts for the rule).
export {
  addManyToCart,
  lockCartLines,
  readCart,
  removeOrderedLines,
  type CartOwner,
} from './cart.service';
