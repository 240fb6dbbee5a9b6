import {
  shopToday,
  taxExemptionMessage,
  taxExemptionProblem,
  type TaxExemptionBody,
  type TaxExemptionDto,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import { requireCustomerAccount } from '../accounts';
import { type AuditActor, recordAuditBy } from '../audit';
import {
  insertTaxExemption,
  revokeTaxExemption,
  selectTaxExemptions,
  type TaxExemptionRow,
} from './tax-exemptions.queries';

/**
 * Tax exemption certificates on the staff customer screen (docs/product/accounts-receivable.md
 * "Tax exemptions"): credit staff (and admins) record a customer's resale or exemption
 * certificates and revoke them; every change is audit-logged (entity tax_exemption).
 */

function toDto(row: TaxExemptionRow, today: string): TaxExemptionDto {
  return {
    id: row.id,
    tax_kind: row.taxKind,
    region: row.region,
    certificate_number: row.certificateNumber,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    recorded_by: row.recordedBy,
    created_at: row.createdAt.toISOString(),
    active:
      row.revokedAt === null &&
      row.validFrom <= today &&
      (row.validUntil === null || row.validUntil >= today),
  };
}

/** GET /api/admin/customers/:id/tax-exemptions: the customer's certificates, newest first. */
export async function listTaxExemptions(
  tx: Tx,
  customerId: number,
  now: Date = new Date(),
): Promise<TaxExemptionDto[]> {
  await requireCustomerAccount(tx, customerId);
  const today = shopToday(now);
  return (await selectTaxExemptions(tx, customerId)).map((r) => toDto(r, today));
}

/**
 * POST /api/admin/customers/:id/tax-exemptions: records a certificate. The kind of tax must be the
 * customer's country's (STATE for a US customer; PST or QST for a Canadian one), a 400 naming
 * tax_kind otherwise; the body's schema has already checked the region against the kind.
 */
export async function recordTaxExemption(
  db: Database,
  customerId: number,
  body: TaxExemptionBody,
  staff: AuditActor,
  now: Date = new Date(),
): Promise<TaxExemptionDto[]> {
  return db.transaction(async (tx) => {
    const row = await requireCustomerAccount(tx, customerId);
    const problem = taxExemptionProblem(body.tax_kind, body.region, row.country);
    if (problem)
      throw fieldError({ [problem.field]: taxExemptionMessage(problem.key, problem.province) });
    const id = await insertTaxExemption(tx, {
      userId: customerId,
      taxKind: body.tax_kind,
      region: body.region,
      certificateNumber: body.certificate_number,
      validFrom: body.valid_from,
      validUntil: body.valid_until,
      recordedByUserId: staff.id,
    });
    await recordAuditBy(tx, staff, {
      action: 'tax_exemption.record',
      entity: 'tax_exemption',
      entityId: id,
      after: { customer_id: customerId, ...body },
    });
    return listTaxExemptions(tx, customerId, now);
  });
}

/**
 * POST /api/admin/customers/:id/tax-exemptions/:exemptionId/revoke: the certificate exempts nothing
 * from now on (orders already placed keep what it exempted). Revoking twice changes nothing.
 */
export async function revokeCustomerTaxExemption(
  db: Database,
  customerId: number,
  exemptionId: number,
  staff: AuditActor,
  now: Date = new Date(),
): Promise<TaxExemptionDto[]> {
  return db.transaction(async (tx) => {
    await requireCustomerAccount(tx, customerId);
    const result = await revokeTaxExemption(tx, customerId, exemptionId);
    if (!result) throw new AppError('NOT_FOUND', 'No such tax exemption');
    if (result.revoked)
      await recordAuditBy(tx, staff, {
        action: 'tax_exemption.revoke',
        entity: 'tax_exemption',
        entityId: exemptionId,
        before: { customer_id: customerId, ...result.row, revoked: false },
        after: { customer_id: customerId, ...result.row, revoked: true },
      });
    return listTaxExemptions(tx, customerId, now);
  });
}
