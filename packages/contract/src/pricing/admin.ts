/**
 * Price lists in the back office and for the ERP (docs/product/pricing.md "Managing price lists"):
 * the answers staff screens read, the path parameters, the ERP's upsert and the import's outcome.
 * The request shapes of one list, entry, assignment or group are in lists.ts.
 */
import { z } from 'zod';
import { paginated } from '../common';
import { idSchema, requiredText, staffPageFields } from '../common/safe-input';
import { ImportRowError } from '../imports';
import {
  customerGroupInput,
  PRICE_LIST_CURRENCIES,
  PRICE_RULE_KINDS,
  PRICE_TARGET_KINDS,
  priceListEntryInput,
} from './lists';

export const AdminPriceListParams = z.object({ id: idSchema('id') });
export const AdminPriceEntryParams = z.object({
  id: idSchema('id'),
  entry_id: idSchema('entry_id'),
});
export const AdminPriceAssignmentParams = z.object({
  id: idSchema('id'),
  assignment_id: idSchema('assignment_id'),
});
export const AdminGroupMemberParams = z.object({
  id: idSchema('id'),
  customer_id: idSchema('customer_id'),
});

/** A rename or (de)activation: at least one of the two. */
export const AdminPriceListUpdate = z
  .object({
    name: requiredText(80, 'name is required', 'name must be at most 80 characters').optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.active !== undefined, {
    message: 'give name or active',
    path: ['name'],
  });
export type AdminPriceListUpdate = z.infer<typeof AdminPriceListUpdate>;

/** Who a list is given to, as the screen names them. */
export const AdminPriceAssignment = z.object({
  id: z.number().int(),
  assignee: z.enum(['customer', 'group']),
  customer_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  /** The customer's code and company, or the group's name. */
  label: z.string(),
});
export type AdminPriceAssignment = z.infer<typeof AdminPriceAssignment>;

export const AdminPriceList = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.enum(PRICE_LIST_CURRENCIES),
  active: z.boolean(),
  /** How many entries the list holds. */
  entries: z.number().int(),
  assignments: z.array(AdminPriceAssignment),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPriceList = z.infer<typeof AdminPriceList>;
export const AdminPriceLists = z.object({ lists: z.array(AdminPriceList) });
export type AdminPriceLists = z.infer<typeof AdminPriceLists>;

/** One entry as staff see it: its target by the code they typed (SKU, brand name, cat_code). */
export const AdminPriceEntry = z.object({
  id: z.number().int(),
  target: z.enum(PRICE_TARGET_KINDS),
  code: z.string(),
  /** The product's or category's English name; for a brand, its name again. */
  label: z.string().nullable(),
  min_packs: z.number().int(),
  kind: z.enum(PRICE_RULE_KINDS),
  unit_cents: z.number().int().nullable(),
  basis_points: z.number().int().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});
export type AdminPriceEntry = z.infer<typeof AdminPriceEntry>;

export const PRICE_ENTRIES_PER_PAGE = 50;
export const AdminPriceEntriesQuery = z.object({
  ...staffPageFields(PRICE_ENTRIES_PER_PAGE),
  /** Part of a SKU, brand name or category code. */
  q: z.string().trim().max(120, { error: 'q must be at most 120 characters' }).optional(),
});
export type AdminPriceEntriesQuery = z.output<typeof AdminPriceEntriesQuery>;
export const AdminPriceEntriesPage = paginated(AdminPriceEntry);
export type AdminPriceEntriesPage = z.infer<typeof AdminPriceEntriesPage>;

/** A customer as the pricing screens find and list them. */
export const AdminPricingCustomer = z.object({
  id: z.number().int(),
  customer_code: z.string().nullable(),
  company_name: z.string().nullable(),
  owner_name: z.string().nullable(),
  email: z.string(),
  country: z.string(),
});
export type AdminPricingCustomer = z.infer<typeof AdminPricingCustomer>;
export const AdminPricingCustomers = z.object({ customers: z.array(AdminPricingCustomer) });
export type AdminPricingCustomers = z.infer<typeof AdminPricingCustomers>;
export const AdminPricingCustomersQuery = z.object({
  q: requiredText(100, 'q is required', 'q must be at most 100 characters'),
});

export const AdminCustomerGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int(),
  /** How many price lists are given to the group. */
  lists: z.number().int(),
});
export type AdminCustomerGroup = z.infer<typeof AdminCustomerGroup>;
export const AdminCustomerGroups = z.object({ groups: z.array(AdminCustomerGroup) });
export type AdminCustomerGroups = z.infer<typeof AdminCustomerGroups>;
export const AdminCustomerGroupUpdate = customerGroupInput;
export const AdminGroupMembers = z.object({ members: z.array(AdminPricingCustomer) });
export type AdminGroupMembers = z.infer<typeof AdminGroupMembers>;
export const AdminGroupMemberBody = z.object({
  customer_code: requiredText(20, 'customer_code is required', 'customer_code is too long'),
});

export const AdminDeleted = z.object({ deleted: z.literal(true) });

// --- Import, export and the ERP --------------------------------------------------------------

/**
 * The columns of a price list file, in the order the export writes them: `target` (product, brand or
 * category), `code` (SKU, brand name or code, cat_code), `min_packs`, one of `fixed_price` (dollars)
 * and `percent_off` (12.5 = 12.5 %), `starts_on`, `ends_on` (YYYY-MM-DD, inclusive).
 */
export const PRICE_FILE_COLUMNS = [
  'target',
  'code',
  'min_packs',
  'fixed_price',
  'percent_off',
  'starts_on',
  'ends_on',
] as const;
export type PriceFileColumn = (typeof PRICE_FILE_COLUMNS)[number];

/** What an import did (or, as a dry run, would do) with one row: a sample for the screen. */
export const PriceImportChange = z.object({
  row: z.number().int(),
  action: z.enum(['create', 'change']),
  target: z.enum(PRICE_TARGET_KINDS),
  code: z.string(),
  min_packs: z.number().int(),
  starts_on: z.string().nullable(),
});
export type PriceImportChange = z.infer<typeof PriceImportChange>;

/** How many refusals and changes the answer lists (the errors file has every refusal). */
export const PRICE_IMPORT_LISTED = 200;

/**
 * What a file import or an ERP call did to a list's entries, keyed (target, min_packs, starts_on);
 * `removed`: the entries it did not name, removed because `replace` was asked for.
 */
const entryCounts = {
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
};

export const AdminPriceImportResult = z.object({
  dry_run: z.boolean(),
  /** Rows read after the header. */
  rows: z.number().int(),
  ...entryCounts,
  refused: z.number().int(),
  refusals: z.array(ImportRowError),
  changes: z.array(PriceImportChange),
});
export type AdminPriceImportResult = z.infer<typeof AdminPriceImportResult>;

/** Most entries one ERP call may send (a whole list at 100,000 entries fits). */
export const ERP_PRICE_ENTRIES_MAX = 100_000;

/**
 * PUT /api/integrations/price-lists/:id/entries: the ERP's entries, created or updated by their key
 * (target, min_packs, starts_on); with `replace`, the list's other entries are removed. All or none.
 */
export const ErpPriceEntriesBody = z.object({
  entries: z
    .array(priceListEntryInput)
    .max(ERP_PRICE_ENTRIES_MAX, { error: `entries may hold at most ${ERP_PRICE_ENTRIES_MAX}` }),
  replace: z.boolean({ error: 'replace must be true or false' }).default(false),
});
export type ErpPriceEntriesBody = z.infer<typeof ErpPriceEntriesBody>;

export const ErpPriceEntriesResult = z.object(entryCounts);
export type ErpPriceEntriesResult = z.infer<typeof ErpPriceEntriesResult>;
