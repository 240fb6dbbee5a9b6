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
export { activeTaxExemptions, type ActiveTaxExemption } from './tax-exemptions.queries';
// Invoices: the ship workflow issues one per shipment (workflows/issue-invoice.ts).
export { issueShipmentInvoice, storeRegistrations } from './invoices.service';
