import { StoreIdentity, type PublicStoreIdentity } from '@wholesale/contract';
import { TEST_STORE_IDENTITY } from '@wholesale/contract/testing';

/** The tests' store identity (not the demo store's), parsed: tax numbers in their printed form. */
export const TEST_STORE: StoreIdentity = StoreIdentity.parse({
  ...TEST_STORE_IDENTITY,
  tax: { gst_hst: '123456782 RT0001', qst: '1234567890 TQ0001', us_ein: '' },
});

/** GET /api/store-identity's answer: `identity` set, or none (a fresh store). */
export const storeIdentityAnswer = (
  identity: StoreIdentity | null = TEST_STORE,
): PublicStoreIdentity => ({ set: identity !== null, identity });
