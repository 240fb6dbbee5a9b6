import { describeWalk, STAFF } from './support/layout-walk';

// The layout walk, back-office half (e2e/README.md): every /admin page as each staff
// role the back office opens it to.
await describeWalk('layout walk: back office', STAFF, (p) => p.guard === 'staff');
