// Public entry of the identity module: the app's identity reader (app.storeIdentity) and, for
// mails, the identity the process read last. Routes are registered by modules/index.ts.
export {
  IDENTITY_CHANNEL,
  lastReadStoreIdentity,
  storeIdentityPlugin,
  type StoreIdentityReader,
} from './identity.service';
