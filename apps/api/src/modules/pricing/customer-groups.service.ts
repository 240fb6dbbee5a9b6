import { and, eq, sql } from 'drizzle-orm';
import type { AdminCustomerGroup, CustomerGroupInput } from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { customerGroupMembers, customerGroups } from '../../db/schema';
import { recordAuditBy } from '../audit';
import { AppError, reasonError } from '../../lib/app-error';
import {
  CUSTOMER_SELECT,
  searchCustomers,
  selectCustomerByCode,
  type PricingCustomerRow,
} from './price-lists.queries';
import { writeOrConflict, type PricingActor } from './price-lists.service';

/*
 * Customer groups (docs/product/pricing.md "Customer groups"): a name and its members; a price list
 * given to a group prices each member. Deleting a group ends its lists' assignments with it.
 */

const noSuchGroup = () => new AppError('NOT_FOUND', 'There is no such customer group');
const nameTaken = (name: string) => reasonError('CONFLICT', 'GROUP_NAME_TAKEN', { name }, 'name');

async function groupsWithCounts(tx: Tx, id?: number): Promise<AdminCustomerGroup[]> {
  const only = id === undefined ? sql`` : sql`WHERE g.id = ${id}`;
  const { rows } = await tx.execute<AdminCustomerGroup>(sql`
    SELECT g.id, g.name,
      (SELECT count(*) FROM customer_group_members m WHERE m.group_id = g.id)::int AS members,
      (SELECT count(*) FROM price_list_assignments a WHERE a.group_id = g.id)::int AS lists
    FROM customer_groups g ${only} ORDER BY lower(g.name), g.id`);
  return rows;
}

/** GET /api/admin/customer-groups */
export const listCustomerGroups = (tx: Tx) => groupsWithCounts(tx);

async function lockedGroup(tx: Tx, id: number) {
  const [group] = await tx
    .select()
    .from(customerGroups)
    .where(eq(customerGroups.id, id))
    .for('update');
  if (!group) throw noSuchGroup();
  return group;
}

async function groupDto(tx: Tx, id: number) {
  const [group] = await groupsWithCounts(tx, id);
  if (!group) throw noSuchGroup();
  return group;
}

export function createCustomerGroup(db: Database, input: CustomerGroupInput, actor: PricingActor) {
  return writeOrConflict(
    db,
    () => nameTaken(input.name),
    async (tx) => {
      const [group] = await tx.insert(customerGroups).values(input).returning();
      await recordAuditBy(tx, actor, {
        action: 'customer_group.create',
        entity: 'customer_group',
        entityId: group.id,
        after: input,
      });
      return groupDto(tx, group.id);
    },
  );
}

export function renameCustomerGroup(
  db: Database,
  id: number,
  input: CustomerGroupInput,
  actor: PricingActor,
) {
  return writeOrConflict(
    db,
    () => nameTaken(input.name),
    async (tx) => {
      const before = await lockedGroup(tx, id);
      await tx.update(customerGroups).set(input).where(eq(customerGroups.id, id));
      await recordAuditBy(tx, actor, {
        action: 'customer_group.rename',
        entity: 'customer_group',
        entityId: id,
        before: { name: before.name },
        after: input,
      });
      return groupDto(tx, id);
    },
  );
}

/** Deletes a group; its members stay customers, its lists are no longer given to it. */
export function deleteCustomerGroup(db: Database, id: number, actor: PricingActor) {
  return db.transaction(async (tx) => {
    const before = await groupDto(tx, id);
    await lockedGroup(tx, id);
    await tx.delete(customerGroups).where(eq(customerGroups.id, id));
    await recordAuditBy(tx, actor, {
      action: 'customer_group.delete',
      entity: 'customer_group',
      entityId: id,
      before,
    });
    return { deleted: true as const };
  });
}

/** The group's members, by customer code. */
export async function listGroupMembers(tx: Tx, id: number): Promise<PricingCustomerRow[]> {
  await groupDto(tx, id);
  const { rows } = await tx.execute<PricingCustomerRow>(sql`${CUSTOMER_SELECT}
    JOIN customer_group_members m ON m.customer_id = u.id
    WHERE m.group_id = ${id} ORDER BY u.customer_code NULLS LAST, u.id`);
  return rows;
}

/** Adds a customer (by code) to the group; 409 when they are in it already. */
export function addGroupMember(db: Database, id: number, code: string, actor: PricingActor) {
  return db.transaction(async (tx) => {
    await lockedGroup(tx, id);
    const customer = await selectCustomerByCode(tx, code);
    if (!customer)
      throw reasonError('VALIDATION_FAILED', 'PRICE_CUSTOMER_UNKNOWN', { code }, 'customer_code');
    const added = await tx
      .insert(customerGroupMembers)
      .values({ groupId: id, customerId: customer.id })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0)
      throw reasonError('CONFLICT', 'GROUP_MEMBER_ALREADY', { code }, 'customer_code');
    await recordAuditBy(tx, actor, {
      action: 'customer_group.member_add',
      entity: 'customer_group',
      entityId: id,
      after: { customer_id: customer.id, customer_code: customer.customer_code },
    });
    return { members: await listGroupMembers(tx, id) };
  });
}

export function removeGroupMember(
  db: Database,
  id: number,
  customerId: number,
  actor: PricingActor,
) {
  return db.transaction(async (tx) => {
    await lockedGroup(tx, id);
    const removed = await tx
      .delete(customerGroupMembers)
      .where(
        and(eq(customerGroupMembers.groupId, id), eq(customerGroupMembers.customerId, customerId)),
      )
      .returning();
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'This customer is not in the group');
    await recordAuditBy(tx, actor, {
      action: 'customer_group.member_remove',
      entity: 'customer_group',
      entityId: id,
      before: { customer_id: customerId },
    });
    return { members: await listGroupMembers(tx, id) };
  });
}

/** Customers to give a list to or put in a group, found by code, company, owner or e-mail. */
export async function findPricingCustomers(tx: Tx, q: string) {
  return { customers: await searchCustomers(tx, q) };
}
