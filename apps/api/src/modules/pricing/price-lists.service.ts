import { eq } from 'drizzle-orm';
import {
  currencyOfCountry,
  toPage,
  type AdminPriceEntriesPage,
  type AdminPriceEntriesQuery,
  type AdminPriceEntry,
  type AdminPriceList,
  type AdminPriceListUpdate,
  type Country,
  type ErpPriceEntriesBody,
  type ErpPriceEntriesResult,
  type PriceListAssignmentInput,
  type PriceListEntryInput,
  type PriceListInput,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { customerGroups, priceListEntries, priceLists } from '../../db/schema';
import { AppError, reasonError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordAuditBy, type AuditActor } from '../audit';
import { resolveTargets, upsertEntries, type EntryCandidate } from './price-entries.upsert';
import {
  countEntries,
  deleteAssignment,
  deleteEntry,
  insertAssignment,
  selectAssignments,
  selectCustomerByCode,
  selectEntriesPage,
  selectEntry,
  selectPriceList,
  selectPriceListsWithCounts,
  type AssignmentRow,
  type EntryRow,
  type PriceListRow,
} from './price-lists.queries';

/*
 * Price lists for staff and the ERP (docs/product/pricing.md "Managing price lists"): lists, their
 * entries and who they are given to. Every change and its audit row commit together; a write to a
 * list's entries holds the list's row lock, so two writers of one list (a screen, an import, the ERP)
 * take turns and an import's counts are what it did.
 */

/** Who made the change: a staff member, or an integration token (no user: its name is kept). */
export type PricingActor = AuditActor;

/**
 * Runs a write in one transaction; a unique violation (a race past the checks) is `conflict()`.
 */
export async function writeOrConflict<T>(
  db: Database,
  conflict: () => AppError,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

const noSuchList = () => new AppError('NOT_FOUND', 'There is no such price list');
const nameTaken = (name: string) =>
  reasonError('CONFLICT', 'PRICE_LIST_NAME_TAKEN', { name }, 'name');

/** The list; 404 when there is none. */
export async function existingList(tx: Tx, id: number): Promise<PriceListRow> {
  const list = await selectPriceList(tx, id);
  if (!list) throw noSuchList();
  return list;
}

/** The list, locked for the caller's write; 404 when there is none. */
export async function lockedList(tx: Tx, id: number): Promise<PriceListRow> {
  const list = await selectPriceList(tx, id, true);
  if (!list) throw noSuchList();
  return list;
}

const toAssignment = (a: AssignmentRow) => ({
  id: a.id,
  assignee: a.customer_id !== null ? ('customer' as const) : ('group' as const),
  customer_id: a.customer_id,
  group_id: a.group_id,
  label: a.label,
});

/** GET /api/admin/price-lists: every list with its entry count and who it is given to. */
export async function listPriceLists(tx: Tx): Promise<AdminPriceList[]> {
  const [lists, assignments] = await Promise.all([
    selectPriceListsWithCounts(tx),
    selectAssignments(tx),
  ]);
  return lists.map((l) => ({
    ...l,
    assignments: assignments.filter((a) => a.list_id === l.id).map(toAssignment),
  }));
}

/** One list as the screen shows it. */
async function priceListDto(tx: Tx, id: number): Promise<AdminPriceList> {
  const list = await existingList(tx, id);
  const [entries, assignments] = await Promise.all([
    countEntries(tx, id),
    selectAssignments(tx, id),
  ]);
  return {
    id: list.id,
    name: list.name,
    currency: list.currency,
    active: list.active,
    entries,
    assignments: assignments.map(toAssignment),
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

export function createPriceList(db: Database, input: PriceListInput, actor: PricingActor) {
  return writeOrConflict(
    db,
    () => nameTaken(input.name),
    async (tx) => {
      const [list] = await tx.insert(priceLists).values(input).returning();
      await recordAuditBy(tx, actor, {
        action: 'price_list.create',
        entity: 'price_list',
        entityId: list.id,
        after: input,
      });
      return priceListDto(tx, list.id);
    },
  );
}

/** Renames a list or turns it on or off (an inactive list prices nobody). */
export function updatePriceList(
  db: Database,
  id: number,
  body: AdminPriceListUpdate,
  actor: PricingActor,
) {
  return writeOrConflict(
    db,
    () => nameTaken(body.name ?? ''),
    async (tx) => {
      const before = await lockedList(tx, id);
      await tx
        .update(priceLists)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(priceLists.id, id));
      await recordAuditBy(tx, actor, {
        action: 'price_list.update',
        entity: 'price_list',
        entityId: id,
        before: { name: before.name, active: before.active },
        after: { name: body.name ?? before.name, active: body.active ?? before.active },
      });
      return priceListDto(tx, id);
    },
  );
}

/** Deletes a list with its entries and assignments. */
export function deletePriceList(db: Database, id: number, actor: PricingActor) {
  return db.transaction(async (tx) => {
    const list = await lockedList(tx, id);
    const entries = await countEntries(tx, id);
    await tx.delete(priceLists).where(eq(priceLists.id, id));
    await recordAuditBy(tx, actor, {
      action: 'price_list.delete',
      entity: 'price_list',
      entityId: id,
      before: { name: list.name, currency: list.currency, entries },
    });
    return { deleted: true as const };
  });
}

const toEntry = (row: EntryRow): AdminPriceEntry => row;

/** GET /api/admin/price-lists/:id/entries: one page, 404 for an unknown list. */
export async function listEntries(
  tx: Tx,
  id: number,
  query: AdminPriceEntriesQuery,
): Promise<AdminPriceEntriesPage> {
  await existingList(tx, id);
  const { rows, total } = await selectEntriesPage(tx, id, {
    q: query.q || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return toPage(rows.map(toEntry), total, query.page, query.per_page);
}

/** The entry's columns once its target is found; an unknown target is a 400 naming `code`. */
async function entryColumns(tx: Tx, input: PriceListEntryInput) {
  const { resolved, refusals } = await resolveTargets(tx, [{ row: 0, entry: input }]);
  if (refusals.length > 0) {
    const { key, params } = refusals[0].reason;
    throw reasonError('VALIDATION_FAILED', key, params, 'code');
  }
  const e = resolved[0];
  return {
    productId: e.productId,
    brand: e.brand,
    categoryId: e.categoryId,
    minPacks: e.minPacks,
    kind: e.kind,
    unitCents: e.unitCents,
    basisPoints: e.basisPoints,
    startsOn: e.startsOn,
    endsOn: e.endsOn,
  };
}

const entryTaken = (input: PriceListEntryInput) =>
  reasonError(
    'CONFLICT',
    'PRICE_ENTRY_TAKEN',
    { code: input.code.trim(), packs: input.min_packs },
    'code',
  );

/** The audit's view of an entry: what staff typed. */
const entryFields = (input: PriceListEntryInput | AdminPriceEntry) => ({
  target: input.target,
  code: input.code,
  min_packs: input.min_packs,
  kind: input.kind,
  unit_cents: input.unit_cents ?? null,
  basis_points: input.basis_points ?? null,
  starts_on: input.starts_on ?? null,
  ends_on: input.ends_on ?? null,
});

async function existingEntry(tx: Tx, id: number, entryId: number) {
  await lockedList(tx, id);
  const before = await selectEntry(tx, id, entryId);
  if (!before) throw new AppError('NOT_FOUND', 'This list has no such entry');
  return before;
}

/**
 * Adds an entry (`entryId` null) or replaces one's target, rule, min_packs and dates; 409 when the
 * list already has another with the same target, min_packs and first day.
 */
function saveEntry(
  db: Database,
  id: number,
  entryId: number | null,
  input: PriceListEntryInput,
  actor: PricingActor,
) {
  return writeOrConflict(
    db,
    () => entryTaken(input),
    async (tx) => {
      const before = entryId === null ? null : await existingEntry(tx, id, entryId);
      if (!before) await lockedList(tx, id);
      const columns = await entryColumns(tx, input);
      let savedId: number;
      if (entryId === null) {
        const [row] = await tx
          .insert(priceListEntries)
          .values({ listId: id, ...columns })
          .returning({ id: priceListEntries.id });
        savedId = row.id;
      } else {
        await tx
          .update(priceListEntries)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(priceListEntries.id, entryId));
        savedId = entryId;
      }
      await recordAuditBy(tx, actor, {
        action: before ? 'price_list.entry_edit' : 'price_list.entry_add',
        entity: 'price_list',
        entityId: id,
        before: before && { entry_id: savedId, ...entryFields(before) },
        after: { entry_id: savedId, ...entryFields(input) },
      });
      return toEntry((await selectEntry(tx, id, savedId))!);
    },
  );
}

/** Adds one entry to the list. */
export const addEntry = (
  db: Database,
  id: number,
  input: PriceListEntryInput,
  actor: PricingActor,
) => saveEntry(db, id, null, input, actor);

/** Replaces one entry of the list. */
export const editEntry = (
  db: Database,
  id: number,
  entryId: number,
  input: PriceListEntryInput,
  actor: PricingActor,
) => saveEntry(db, id, entryId, input, actor);

export function removeEntry(db: Database, id: number, entryId: number, actor: PricingActor) {
  return db.transaction(async (tx) => {
    const before = await existingEntry(tx, id, entryId);
    await deleteEntry(tx, id, entryId);
    await recordAuditBy(tx, actor, {
      action: 'price_list.entry_remove',
      entity: 'price_list',
      entityId: id,
      before: { entry_id: entryId, ...entryFields(before) },
    });
    return { deleted: true as const };
  });
}

/**
 * Gives the list to a customer (by code; one buying in the list's currency) or to a group; 409 when
 * it is given to them already.
 */
export function assignPriceList(
  db: Database,
  id: number,
  input: PriceListAssignmentInput,
  actor: PricingActor,
) {
  return db.transaction(async (tx) => {
    const list = await lockedList(tx, id);
    let assignee: { customerId: number } | { groupId: number };
    let label: string;
    if (input.customer_code !== undefined) {
      const customer = await selectCustomerByCode(tx, input.customer_code);
      if (!customer)
        throw reasonError(
          'VALIDATION_FAILED',
          'PRICE_CUSTOMER_UNKNOWN',
          { code: input.customer_code },
          'customer_code',
        );
      const buys = currencyOfCountry(customer.country as Country);
      if (buys !== list.currency)
        throw reasonError(
          'VALIDATION_FAILED',
          'PRICE_LIST_CURRENCY_MISMATCH',
          { currency: list.currency, code: input.customer_code, other: buys },
          'customer_code',
        );
      assignee = { customerId: customer.id };
      label = customer.customer_code ?? customer.email;
    } else {
      const [group] = await tx
        .select()
        .from(customerGroups)
        .where(eq(customerGroups.id, input.group_id!));
      if (!group) throw reasonError('VALIDATION_FAILED', 'PRICE_GROUP_UNKNOWN', {}, 'group_id');
      assignee = { groupId: group.id };
      label = group.name;
    }
    const row = await insertAssignment(tx, id, assignee);
    if (!row)
      throw reasonError(
        'CONFLICT',
        'PRICE_LIST_ALREADY_GIVEN',
        { label },
        input.customer_code !== undefined ? 'customer_code' : 'group_id',
      );
    await recordAuditBy(tx, actor, {
      action: 'price_list.assign',
      entity: 'price_list',
      entityId: id,
      after: { assignment_id: row.id, ...input, label },
    });
    return priceListDto(tx, id);
  });
}

export function unassignPriceList(
  db: Database,
  id: number,
  assignmentId: number,
  actor: PricingActor,
) {
  return db.transaction(async (tx) => {
    await lockedList(tx, id);
    const row = await deleteAssignment(tx, id, assignmentId);
    if (!row) throw new AppError('NOT_FOUND', 'This list has no such assignment');
    await recordAuditBy(tx, actor, {
      action: 'price_list.unassign',
      entity: 'price_list',
      entityId: id,
      before: { assignment_id: row.id, customer_id: row.customerId, group_id: row.groupId },
    });
    return priceListDto(tx, id);
  });
}

/**
 * PUT /api/integrations/price-lists/:id/entries: the ERP's entries, all or none. A refused entry
 * (an unknown SKU, brand or category, a repeated key) refuses the call with 400 naming
 * `entries.N.code`; sending the same body again changes nothing.
 */
export function syncEntries(
  db: Database,
  id: number,
  body: ErpPriceEntriesBody,
  actor: PricingActor,
): Promise<ErpPriceEntriesResult> {
  return db.transaction(async (tx) => {
    await lockedList(tx, id);
    const candidates: EntryCandidate[] = body.entries.map((entry, row) => ({ row, entry }));
    const outcome = await upsertEntries(tx, id, candidates, {
      dryRun: false,
      replace: body.replace,
    });
    if (outcome.refusals.length > 0) {
      const fields = Object.fromEntries(
        outcome.refusals.slice(0, 50).map((r) => [`entries.${r.row}.${r.column}`, r.message]),
      );
      const first = outcome.refusals[0];
      throw new AppError('VALIDATION_FAILED', Object.values(fields)[0], {
        fields,
        reason: first.reason,
      });
    }
    const { created, changed, unchanged, removed } = outcome;
    await recordAuditBy(tx, actor, {
      action: 'price_list.entries_sync',
      entity: 'price_list',
      entityId: id,
      after: { created, changed, unchanged, removed, replace: body.replace },
    });
    return { created, changed, unchanged, removed };
  });
}
