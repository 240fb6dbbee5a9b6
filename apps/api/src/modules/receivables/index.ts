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
export {
  activeTaxExemptions,
  activeTaxExemptionsOn,
  exemptOrderTaxes,
  type ActiveTaxExemption,
} from './tax-exemptions.queries';
// Tax exemption certificates on the staff customer screen: modules/index.ts registers
// tax-exemptions.routes.ts.
