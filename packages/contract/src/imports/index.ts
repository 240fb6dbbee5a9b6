import { z } from 'zod';
import { paginated } from '../common';
import { idSchema, staffPageFields } from '../common/safe-input';

export { IMPORT_COLUMNS, type ImportColumn } from './columns';
export * from './error-messages';
export * from './structure';
import { ImportStructureItem } from './structure';

/** Groups of fields an import reports on separately: a stock-only file touches `stock_*` only. */
export const IMPORT_FIELD_GROUPS = [
  'product',
  'texts',
  'prices_ca',
  'stock_ca',
  'prices_us',
  'stock_us',
  'image',
] as const;
export type ImportFieldGroup = (typeof IMPORT_FIELD_GROUPS)[number];

/** Default upload limit of an import file (configurable on the server). */
export const DEFAULT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Most entries one stock or price call may carry. */
export const FEED_MAX_ENTRIES = 10_000;

export const ImportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof ImportStatus>;

export const ImportRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  /** The refused cell as the file had it (imports before it was kept: absent). */
  value: z.string().optional(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

const GroupCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

export const AdminImportJob = z.object({
  id: z.number().int(),
  status: ImportStatus,
  dry_run: z.boolean(),
  file_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  ...GroupCounts.shape,
  deactivated: z.number().int(),
  groups: z.record(z.string(), GroupCounts),
  error_count: z.number().int(),
  /** The first errors (all of them are in errors.csv). */
  errors: z.array(ImportRowError),
  /** Why the whole file was refused, when it was. */
  failure: z.string().nullable(),
  /** Staff asked to create the categories, classes and brands the file names and the store lacks. */
  create_missing: z.boolean(),
  /** What it created (a dry run: what it would create), in the order the file first names them. */
  structure: z.array(ImportStructureItem),
});
export type AdminImportJob = z.infer<typeof AdminImportJob>;

export const AdminImportJobs = z.object({ imports: z.array(AdminImportJob) });
export type AdminImportJobs = z.infer<typeof AdminImportJobs>;

export const AdminImportCreated = z.object({ import_id: z.number().int() });
export const AdminImportParams = z.object({ id: idSchema('id') });

/** How many refused rows one page of the import screen shows. */
export const IMPORT_ERRORS_PER_PAGE = 50;

/** GET /api/admin/imports/:id/errors: one page of the refused rows (at most 100 a page). */
export const AdminImportErrorsQuery = z.object(staffPageFields(IMPORT_ERRORS_PER_PAGE));
export type AdminImportErrorsQuery = z.output<typeof AdminImportErrorsQuery>;

/** One page of an import's refused rows, in file order. */
export const AdminImportErrorsPage = paginated(ImportRowError);
export type AdminImportErrorsPage = z.infer<typeof AdminImportErrorsPage>;

/** GET /api/admin/imports/:id/errors.csv: the language of its messages (default: the staff member's). */
export const AdminImportErrorsCsvQuery = z.object({
  lang: z.enum(['en', 'fr', 'es'], { error: 'Language must be en, fr or es' }).optional(),
});

const Sku = z.string({ message: 'sku is required' }).trim().min(1, { message: 'sku is required' });
const FeedCountry = z.enum(['ca', 'us'], { message: 'country must be ca or us' });
const Cents = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .nonnegative({ message: `${field} must not be negative` })
    .max(10_000_000, { message: `${field} is too large` });

export const StockFeedEntry = z.object({
  sku: Sku,
  country: FeedCountry,
  available: z
    .number({ message: 'available must be a whole number' })
    .int({ message: 'available must be a whole number' })
    .nonnegative({ message: 'available must not be negative' })
    .max(100_000_000, { message: 'available is too large' }),
});
export type StockFeedEntry = z.infer<typeof StockFeedEntry>;

export const PriceFeedEntry = z.object({
  sku: Sku,
  country: FeedCountry,
  /** Amounts in dollars with at most two decimals, as the storefront shows them. */
  price: Cents('price'),
  sale_price: Cents('sale_price').nullable().optional(),
  retail: Cents('retail').optional(),
});
export type PriceFeedEntry = z.infer<typeof PriceFeedEntry>;

/** A stock or price call's body: 1 to FEED_MAX_ENTRIES entries. */
const feedBody = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry)
    .min(1, { message: 'Send at least one entry' })
    .max(FEED_MAX_ENTRIES, { message: `Send at most ${FEED_MAX_ENTRIES} entries per call` });
export const StockFeedBody = feedBody(StockFeedEntry);
export const PriceFeedBody = feedBody(PriceFeedEntry);

export const FeedResult = z.object({ updated: z.number().int() });

export * from './cells';
export * from './products';
