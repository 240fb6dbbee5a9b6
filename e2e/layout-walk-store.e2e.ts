import { BUYER, describeWalk, GUEST, STAFF } from './support/layout-walk';

// The layout walk, storefront half (e2e/README.md): every page outside the back office,
// as a guest, a buyer and a staff member, wherever the router's guards let each in.
await describeWalk('layout walk: storefront', [GUEST, BUYER, STAFF[0]], (p) => p.guard !== 'staff');
