import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export type ActiveTaxExemption = {
  taxKind: 'STATE' | 'PST' | 'QST';
  region: string;
  certificateNumber: string;
};

/**
 * The certificates that exempt a customer from a tax in a region on a day (not revoked, valid on
 * that day). Estimates, orders and invoices drop the exempt taxes and invoices print the numbers.
 */
export async function activeTaxExemptions(
  tx: Tx,
  userId: number,
  region: string,
  onDay: string,
): Promise<ActiveTaxExemption[]> {
  const result = await tx.execute<{
    tax_kind: 'STATE' | 'PST' | 'QST';
    region: string;
    certificate_number: string;
  }>(sql`
    select tax_kind, region, certificate_number from tax_exemptions
     where user_id = ${userId} and region = ${region.trim().toUpperCase()} and revoked_at is null
       and valid_from <= ${onDay}::date and (valid_until is null or valid_until >= ${onDay}::date)
     order by id`);
  return result.rows.map((r) => ({
    taxKind: r.tax_kind,
    region: r.region,
    certificateNumber: r.certificate_number,
  }));
}
