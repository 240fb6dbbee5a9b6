// Public entry of the receivables module (see accounts/index.ts for the rule): trade credit
// accounts, invoices, payments, credit notes, interest, returns and tax exemptions
// (docs/product/accounts-receivable.md).
export {
  accountPosition,
  lockCreditAccount,
  nextDocumentNumber,
  type AccountPosition,
} from './account-position.queries';
export { setAccountHold, type AccountHoldChange } from './account-hold';
// Trade credit (H1): the approval opens the account, the order desk records opening deposits.
export { creditRoutes } from './credit.routes';
export {
  checkoutCredit,
  openCreditAccount,
  recordDepositPayment,
  type OrderDeposit,
} from './credit.service';
// Returns and credit notes (H4): the routes plugin, and the credit notes others may list.
export { returnsRoutes } from './returns.routes';
export { listOwnCreditNotes } from './returns.service';
// Payments, statements, interest and receivables (H3): the routes, the interest run and its worker.
export { paymentsRoutes } from './payments.routes';
export { chargeMonthlyInterest } from './payments.interest';
export { startInterestWorker } from './payments.interest-worker';
export { recordPayment, bouncePayment } from './payments.service';
export {
  activeTaxExemptions,
  activeTaxExemptionsOn,
  exemptOrderTaxes,
  type ActiveTaxExemption,
} from './tax-exemptions.queries';
// Tax exemption certificates on the staff customer screen: modules/index.ts registers
// tax-exemptions.routes.ts.
// Invoices: the ship workflow issues one per shipment (workflows/issue-invoice.ts).
export { issueShipmentInvoice, storeRegistrations } from './invoices.service';
