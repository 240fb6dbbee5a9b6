import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../lib/first-row';
import { applicationOfficers, applications, applicationTradeReferences } from '../../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;
export type OfficerRow = typeof applicationOfficers.$inferSelect;
export type TradeReferenceRow = typeof applicationTradeReferences.$inferSelect;

/** Inserts an application with its officers and trade references; returns its id. */
export async function insertApplication(
  tx: Tx,
  row: NewApplicationRow,
  officers: { name: string; title: string; address: string }[],
  trade: { name: string; telephone: string; fax: string; contact: string }[],
): Promise<number> {
  const [inserted] = await tx.insert(applications).values(row).returning({ id: applications.id });
  const id = inserted.id;
  if (officers.length) {
    await tx
      .insert(applicationOfficers)
      .values(officers.map((o, position) => ({ ...o, applicationId: id, position })));
  }
  if (trade.length) {
    await tx
      .insert(applicationTradeReferences)
      .values(trade.map((t, position) => ({ ...t, applicationId: id, position })));
  }
  return id;
}

/** Seals a row written before its id was known (the sealed value is bound to the id). */
export async function updateSensitive(tx: Tx, id: number, sensitive: string): Promise<void> {
  await tx.update(applications).set({ sensitive }).where(eq(applications.id, id));
}

export async function findPendingByEmail(
  tx: Tx,
  email: string,
): Promise<{ id: number } | undefined> {
  const rows = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'pending'),
        sql`lower(${applications.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return rows[0];
}

export type ListFilter = {
  status?: ApplicationRow['status'];
  country?: ApplicationRow['country'];
  search?: string;
};

function listWhere(filter: ListFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(applications.status, filter.status));
  if (filter.country) parts.push(eq(applications.country, filter.country));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const idMatch = /^\d{1,9}$/.test(search) ? [eq(applications.id, Number(search))] : [];
    parts.push(
      or(
        ilike(applications.companyName, pattern),
        ilike(applications.ownerName, pattern),
        ilike(applications.email, pattern),
        ilike(applications.businessEmail, pattern),
        ...idMatch,
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of applications, newest first, without the sealed column. */
export async function listApplications(
  tx: Tx,
  filter: ListFilter,
  page: number,
  perPage: number,
): Promise<{ rows: Omit<ApplicationRow, 'sensitive' | 'form'>[]; total: number }> {
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    tx
      .select({
        id: applications.id,
        country: applications.country,
        status: applications.status,
        lang: applications.lang,
        companyName: applications.companyName,
        ownerName: applications.ownerName,
        email: applications.email,
        businessEmail: applications.businessEmail,
        cardAuthorized: applications.cardAuthorized,
        termsAcknowledged: applications.termsAcknowledged,
        createdAt: applications.createdAt,
        updatedAt: applications.updatedAt,
        reviewedAt: applications.reviewedAt,
        reviewedByUserId: applications.reviewedByUserId,
        reviewedByEmail: applications.reviewedByEmail,
        rejectionReason: applications.rejectionReason,
        customerUserId: applications.customerUserId,
        customerCode: applications.customerCode,
      })
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    tx.select({ n: count() }).from(applications).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** One application; `forUpdate` locks it for a review decision. */
export async function findApplication(
  tx: Tx,
  id: number,
  forUpdate = false,
): Promise<ApplicationRow | null> {
  return firstRow(
    tx.select().from(applications).where(eq(applications.id, id)).limit(1),
    forUpdate,
  );
}

/** An application's officers and trade references, each in the order its form listed them. */
export async function findOfficersAndReferences(
  tx: Tx,
  applicationId: number,
): Promise<{ officers: OfficerRow[]; trade: TradeReferenceRow[] }> {
  const [officers, trade] = await Promise.all([
    tx
      .select()
      .from(applicationOfficers)
      .where(eq(applicationOfficers.applicationId, applicationId))
      .orderBy(asc(applicationOfficers.position)),
    tx
      .select()
      .from(applicationTradeReferences)
      .where(eq(applicationTradeReferences.applicationId, applicationId))
      .orderBy(asc(applicationTradeReferences.position)),
  ]);
  return { officers, trade };
}

/** Records a review decision on a pending application; false when it was no longer pending. */
export async function markReviewed(
  tx: Tx,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    reviewerId: number;
    reviewerEmail: string;
    rejectionReason?: string | null;
    customerUserId?: number | null;
    customerCode?: string | null;
  },
): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .update(applications)
    .set({
      status: decision.status,
      reviewedAt: now,
      updatedAt: now,
      reviewedByUserId: decision.reviewerId,
      reviewedByEmail: decision.reviewerEmail,
      rejectionReason: decision.rejectionReason ?? null,
      customerUserId: decision.customerUserId ?? null,
      customerCode: decision.customerCode ?? null,
    })
    .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
    .returning({ id: applications.id });
  return rows.length === 1;
}

/** Ids and sealed values of a batch of applications after `afterId` (for re-encryption). */
export async function selectSealedBatch(
  tx: Tx,
  afterId: number,
  limit: number,
): Promise<{ id: number; sensitive: string }[]> {
  return tx
    .select({ id: applications.id, sensitive: applications.sensitive })
    .from(applications)
    .where(sql`${applications.id} > ${afterId}`)
    .orderBy(asc(applications.id))
    .limit(limit);
}

/** The application whose approval created a customer account, if any. */
export async function findApplicationOfCustomer(
  tx: Tx,
  userId: number,
): Promise<ApplicationRow | undefined> {
  const rows = await tx
    .select()
    .from(applications)
    .where(eq(applications.customerUserId, userId))
    .orderBy(desc(applications.id))
    .limit(1);
  return rows[0];
}
