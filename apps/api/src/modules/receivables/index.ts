// Public entry of the receivables module (see accounts/index.ts for the rule): trade credit
// accounts, invoices, payments, credit notes, interest, returns and tax exemptions
// (docs/product/accounts-receivable.md).
export { accountPosition, lockCreditAccount, nextDocumentNumber } from './account-position.queries';
// Trade credit: the approval opens the account, the order desk records opening deposits.
export { creditRoutes } from './credit.routes';
// The back-office home counts the orders waiting for credit (listed on Receivables).
export { countWaitingOrders } from './waiting-orders';
export { checkoutCredit, openCreditAccount, recordDepositPayment } from './credit.service';
// Returns and credit notes: the routes plugin.
export { returnsRoutes } from './returns.routes';
// Payments, statements, interest and receivables: the routes, the interest run and its worker.
export { paymentsRoutes } from './payments.routes';
export { chargeMonthlyInterest } from './payments.interest';
export { startInterestWorker } from './payments.interest-worker';
export { recordPayment, bouncePayment } from './payments.service';
export {
  activeTaxExemptions,
  activeTaxExemptionsOn,
  exemptOrderTaxes,
} from './tax-exemptions.queries';
// Tax exemption certificates on the staff customer screen: modules/index.ts registers
// tax-exemptions.routes.ts.
// Invoices: the ship workflow issues one per shipment (workflows/issue-invoice.ts).
export { billedLine, issueShipmentInvoice, storeRegistrations } from './invoices.service';
