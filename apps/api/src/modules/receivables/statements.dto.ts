import { agingBucket, type OpenInvoiceDto } from '@wholesale/contract';
import type { OpenInvoiceRow } from './payments.queries';

/** An open invoice as the buyer and staff read it, with its aging bucket on `asOf`. */
export const openInvoiceDto = (i: OpenInvoiceRow, asOf: string): OpenInvoiceDto => ({
  id: i.id,
  number: i.number,
  issued_on: i.issuedOn,
  due_on: i.dueOn,
  total_cents: i.totalCents,
  open_cents: i.openCents,
  bucket: agingBucket(i.dueOn, asOf),
});
