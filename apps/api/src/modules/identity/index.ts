// Public entry of the identity module: the app's identity reader (app.storeIdentity) and, for
// mails, the identity the process read last. Routes are registered by modules/index.ts.
export { lastReadStoreIdentity, storeIdentityPlugin } from './identity.service';
// An invoice freezes the registration numbers as they are in its own transaction.
export { adminIdentity } from './identity.service';
