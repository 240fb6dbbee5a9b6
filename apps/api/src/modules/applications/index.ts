// Public entry of the applications module (see accounts/index.ts for the rule).
export { seedDemoApplications } from './applications.seed';
// The approval workflow reviews an application and creates its customer in one transaction.
export { markReviewed, type ApplicationRow } from './applications.queries';
export { lockPendingApplication } from './applications.service';
// The customer screen shows the application that created the account.
export { applicationOfCustomer } from './applications.service';
// The back-office home counts the applications waiting.
export { pendingApplicationsSummary } from './applications.home';
// The approval reads the new account's addresses from the answers (the sealed ones decrypted).
export { applicationAnswers } from './applications.service';
