import pick from 'lodash-es/pick.js';
import {
  hasStaffRole,
  type AdminCustomerPatchBody,
  type AdminCustomersQuery,
  type AdminCustomersResponse,
  type CustomerDetailDto,
  type CustomerSummaryDto,
} from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  findUserById,
  lockUser,
  searchCustomers,
  updateUser,
  type SessionUser,
  type UserChange,
  type UserWriter,
  type UserRow,
} from '../accounts';
import { applicationOfCustomer } from '../applications';
import { recordAuditBy } from '../audit';
import { countFavouritesOfUser } from '../favourites';
import { customerOrderSummary } from '../orders';

/** Customer administration (docs/product/back-office-staff-and-customers.md "Customers"). */

function toSummary(row: UserRow): CustomerSummaryDto {
  return {
    ...pick(row, 'id', 'email', 'country', 'lang'),
    name: row.ownerName,
    company_name: row.companyName,
    customer_code: row.customerCode,
    active: row.isActive,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/customers: customers matching `q`, a page at a time. */
export async function listCustomers(
  db: Database,
  query: AdminCustomersQuery,
): Promise<AdminCustomersResponse> {
  const { rows, total } = await searchCustomers(db, query.q, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    status: true,
    data: rows.map(toSummary),
    total,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such customer');

/** The customer account `id` (locked when `forUpdate`); 404 for none or for a staff account. */
export async function customerRow(tx: Tx, id: number, forUpdate: boolean): Promise<UserRow> {
  const row = forUpdate ? await lockUser(tx, id) : await findUserById(tx, id);
  if (!row || row.role !== 'customer') throw notFound();
  return row;
}

/** The customer, locked, refused (409) while inactive: a link could not be used to sign in. */
export async function activeCustomer(tx: Tx, id: number): Promise<UserRow> {
  const row = await customerRow(tx, id, true);
  if (!row.isActive) throw reasonError('CONFLICT', 'ACCOUNT_NOT_ACTIVE');
  return row;
}

/**
 * GET /api/admin/customers/:id: the account, its orders and favourites, and the application that
 * created it. The application's answers are decrypted (and the read audited) only for staff who may
 * decide applications (credit, admin).
 */
export async function getCustomer(
  db: Database,
  config: Config,
  staff: SessionUser,
  id: number,
): Promise<CustomerDetailDto> {
  const row = await customerRow(db, id, false);
  const [orders, favourites, application] = await Promise.all([
    customerOrderSummary(db, id),
    countFavouritesOfUser(db, id),
    applicationOfCustomer(
      db,
      config,
      id,
      hasStaffRole(staff.staffRoles, ['credit']) ? staff : null,
    ),
  ]);
  return {
    ...toSummary(row),
    staff_note: row.staffNote,
    created_at: row.createdAt.toISOString(),
    order_count: orders.count,
    last_orders: orders.latest.map((o) => ({
      id: o.id,
      status: o.status,
      total_cents: o.totalCents,
      created_at: o.createdAt.toISOString(),
    })),
    favourites_count: favourites,
    application,
  };
}

/** The audited fields of a customer, by their wire names. */
function audited(row: Pick<UserRow, 'country' | 'customerCode' | 'staffNote' | 'isActive'>) {
  return {
    country: row.country,
    customer_code: row.customerCode,
    staff_note: row.staffNote,
    active: row.isActive,
  };
}

/** Changes a customer under a row lock and writes the audit row in the same transaction. */
async function changeCustomer(
  { db, sessions }: UserWriter,
  staff: SessionUser,
  id: number,
  action: string,
  change: (row: UserRow) => UserChange,
): Promise<CustomerSummaryDto> {
  return db.transaction(async (tx) => {
    const row = await customerRow(tx, id, true);
    const updated = await updateUser(tx, sessions, id, change(row));
    await recordAuditBy(tx, staff, {
      action,
      entity: 'customer',
      entityId: id,
      before: audited(row),
      after: audited(updated),
    });
    return toSummary(updated);
  });
}

/**
 * POST /api/admin/customers/:id/deactivate and /reactivate. Deactivating ends every session of the
 * customer at once; sign-in then answers ACCOUNT_INACTIVE.
 */
export function setCustomerActive(
  accounts: UserWriter,
  staff: SessionUser,
  id: number,
  active: boolean,
): Promise<CustomerSummaryDto> {
  return changeCustomer(
    accounts,
    staff,
    id,
    active ? 'customer.reactivate' : 'customer.deactivate',
    () => ({ isActive: active }),
  );
}

/**
 * PATCH /api/admin/customers/:id: country (prices follow: the customer's next request reads the
 * other price list), customer code (unique: 409 naming it), staff note.
 */
export async function patchCustomer(
  accounts: UserWriter,
  staff: SessionUser,
  id: number,
  body: AdminCustomerPatchBody,
): Promise<CustomerSummaryDto> {
  const taken = () =>
    reasonError(
      'CONFLICT',
      'CUSTOMER_CODE_TAKEN',
      { code: body.customer_code ?? '' },
      'customer_code',
    );
  try {
    return await changeCustomer(accounts, staff, id, 'customer.update', () => ({
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.customer_code !== undefined ? { customerCode: body.customer_code } : {}),
      ...(body.staff_note !== undefined ? { staffNote: body.staff_note } : {}),
    }));
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw taken();
    throw error;
  }
}
