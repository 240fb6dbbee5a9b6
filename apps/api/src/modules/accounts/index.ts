// Public entry of the accounts module: the only file other modules, workflows, plugins and tests
// import (the lint zones in eslint.config.js enforce it). Routes are registered by modules/index.ts.
export {
  assertOwnUserId,
  createSession,
  createSessionCache,
  onUserChange,
  resolveSession,
  SESSION_ABSOLUTE_MS,
  type SessionCache,
  type SessionUser,
} from './session.service';
export {
  createCustomer,
  createPasswordToken,
  passwordLink,
  sendPasswordLink,
  SET_TOKEN_TTL_MS,
} from './accounts.service';
export {
  billingAddress,
  getCheckoutAccount,
  resolveOrderCheckout,
  toShipTo,
} from './addresses.service';
// The address book (buyers' and staff's) and the approval that fills a new account's book.
export {
  addAddress,
  editAddress,
  insertApplicationAddresses,
  makeDefaultAddress,
  readAddressBook,
  removeAddress,
  type AddressChange,
} from './addresses.service';
export { insertAddresses } from './addresses.queries';
// Staff and customer administration read and change accounts through these.
export {
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  insertStaffUser,
  lockActiveAdminIds,
  lockUser,
  requireCustomerAccount,
  searchCustomers,
  selectStaff,
  updateUser,
  type UserChange,
  type UserWriter,
  type UserRow,
} from './user-admin';
// The back-office home's go-live checklist: has the store a customer yet?
export { hasActiveCustomer } from './accounts.home';
// Staff issuing a fresh set-password link first retire the customer's outstanding ones.
export { invalidateUserTokens } from './accounts.queries';
