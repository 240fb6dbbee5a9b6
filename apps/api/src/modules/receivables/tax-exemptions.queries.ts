import { sql } from 'drizzle-orm';
import {
  TAX_EXEMPTION_KINDS,
  exemptTaxes,
  shopToday,
  type ExemptEstimate,
  type TaxEstimate,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';

export type ActiveTaxExemption = {
  taxKind: 'STATE' | 'PST' | 'QST';
  region: string;
  certificateNumber: string;
};

/**
 * The customer's certificates valid on a day (not revoked, valid on that day), in one region or,
 * with `region` null, in every region (ordered by region then).
 */
async function validCertificates(
  tx: Tx,
  userId: number,
  region: string | null,
  onDay: string,
): Promise<ActiveTaxExemption[]> {
  const inRegion = region === null ? sql`` : sql` and region = ${region.trim().toUpperCase()}`;
  const result = await tx.execute<{
    tax_kind: 'STATE' | 'PST' | 'QST';
    region: string;
    certificate_number: string;
  }>(sql`
    select tax_kind, region, certificate_number from tax_exemptions
     where user_id = ${userId}${inRegion} and revoked_at is null
       and valid_from <= ${onDay}::date and (valid_until is null or valid_until >= ${onDay}::date)
     order by ${region === null ? sql`region, id` : sql`id`}`);
  return result.rows.map((r) => ({
    taxKind: r.tax_kind,
    region: r.region,
    certificateNumber: r.certificate_number,
  }));
}

/**
 * The certificates that exempt a customer from a tax in a region on a day (not revoked, valid on
 * that day). Estimates, orders and invoices drop the exempt taxes and invoices print the numbers.
 */
export function activeTaxExemptions(
  tx: Tx,
  userId: number,
  region: string,
  onDay: string,
): Promise<ActiveTaxExemption[]> {
  return validCertificates(tx, userId, region, onDay);
}

/**
 * The customer's certificates valid on a day in every region (the checkout answer lists them; the
 * page then drops the exempt taxes of the address chosen, as the order will).
 */
export function activeTaxExemptionsOn(
  tx: Tx,
  userId: number,
  onDay: string,
): Promise<ActiveTaxExemption[]> {
  return validCertificates(tx, userId, null, onDay);
}

export type TaxExemptionRow = {
  id: number;
  taxKind: 'STATE' | 'PST' | 'QST';
  region: string;
  certificateNumber: string;
  validFrom: string;
  validUntil: string | null;
  revokedAt: Date | null;
  recordedBy: string | null;
  createdAt: Date;
};

/** Every certificate of a customer, newest first, with the staff member who recorded it. */
export async function selectTaxExemptions(tx: Tx, userId: number): Promise<TaxExemptionRow[]> {
  const result = await tx.execute<{
    id: number;
    tax_kind: 'STATE' | 'PST' | 'QST';
    region: string;
    certificate_number: string;
    valid_from: string | Date;
    valid_until: string | Date | null;
    revoked_at: string | Date | null;
    recorded_by: string | null;
    created_at: string | Date;
  }>(sql`
    select e.id, e.tax_kind, e.region, e.certificate_number, e.valid_from::text as valid_from,
           e.valid_until::text as valid_until, e.revoked_at, e.created_at,
           coalesce(s.owner_name, s.email) as recorded_by
      from tax_exemptions e left join users s on s.id = e.recorded_by_user_id
     where e.user_id = ${userId}
     order by e.created_at desc, e.id desc`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    taxKind: r.tax_kind,
    region: r.region,
    certificateNumber: r.certificate_number,
    validFrom: String(r.valid_from),
    validUntil: r.valid_until === null ? null : String(r.valid_until),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
    recordedBy: r.recorded_by,
    createdAt: new Date(r.created_at),
  }));
}

/** Records a certificate; returns its id. */
export async function insertTaxExemption(
  tx: Tx,
  row: {
    userId: number;
    taxKind: 'STATE' | 'PST' | 'QST';
    region: string;
    certificateNumber: string;
    validFrom: string;
    validUntil: string | null;
    recordedByUserId: number | null;
  },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into tax_exemptions (user_id, tax_kind, region, certificate_number, valid_from, valid_until,
                                recorded_by_user_id)
    values (${row.userId}, ${row.taxKind}, ${row.region}, ${row.certificateNumber}, ${row.validFrom}::date,
            ${row.validUntil}::date, ${row.recordedByUserId})
    returning id`);
  return Number(result.rows[0].id);
}

/**
 * Revokes a customer's certificate (locked); answers the certificate as it was, or undefined when
 * the customer has no such certificate. A revoked certificate stays revoked (no second change).
 */
export async function revokeTaxExemption(
  tx: Tx,
  userId: number,
  id: number,
): Promise<
  | { revoked: boolean; row: { tax_kind: string; region: string; certificate_number: string } }
  | undefined
> {
  const found = await tx.execute<{
    tax_kind: string;
    region: string;
    certificate_number: string;
    revoked_at: unknown;
  }>(sql`
    select tax_kind, region, certificate_number, revoked_at from tax_exemptions
     where id = ${id} and user_id = ${userId} for update`);
  const row = found.rows[0];
  if (!row) return undefined;
  if (row.revoked_at !== null) return { revoked: false, row };
  await tx.execute(sql`update tax_exemptions set revoked_at = now() where id = ${id}`);
  return { revoked: true, row };
}

/**
 * An order's estimated taxes without those the customer's certificates exempt in the ship-to
 * region on the shop's today. The certificates are read only when the estimate has a tax a
 * certificate can remove (no query for an Ontario or Alberta order).
 */
export async function exemptOrderTaxes(
  tx: Tx,
  userId: number,
  region: string,
  estimate: TaxEstimate,
  now: Date,
): Promise<ExemptEstimate> {
  const exemptible = estimate.lines.some((l) =>
    (TAX_EXEMPTION_KINDS as readonly string[]).includes(l.kind),
  );
  if (!exemptible) return { ...estimate, exempted: [] };
  return exemptTaxes(estimate, await activeTaxExemptions(tx, userId, region, shopToday(now)));
}
