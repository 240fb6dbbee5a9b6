import sanitizeHtml from 'sanitize-html';
import {
  codeRefusal,
  isValidCategoryCode,
  isValidClassCode,
  isValidProductBarcode,
  readMoneyCents,
  readSku,
  readWholeNumber,
  readYesNo,
  revealUnsafeText,
  unsafeCells,
  type CellResult,
  type ImportColumn,
  type ImportRowError,
} from '@wholesale/contract';
import { sanitizeProductName } from '../catalogue';
import type { selectImportReferences } from './import.queries';
import type { StagedRow } from './staging.queries';
import type { StructurePlan } from './import.structure';

/**
 * One row of a catalogue file → a staging row, or the reasons it is refused, each naming its row and
 * column (docs/product/back-office-catalogue.md "Import file"). Nothing here reads the database; what
 * depends on the catalogue (is the SKU new?) is decided by the staging diff.
 */

export type CategoryRef = { id: number; parentId: number | null; level: number };

export type RowContext = {
  columns: ImportColumn[];
  categories: Map<string, CategoryRef>;
  categoriesById: Map<number, CategoryRef>;
  classes: Set<string>;
  /** Brand names (lower case) → codes. */
  brands: Map<string, string>;
  /** "Create unknown categories, classes and brands": what the rows name and the store lacks. */
  create: StructurePlan | null;
  /** Image names in the uploaded ZIP; null when no ZIP came with the file. */
  images: Set<string> | null;
  /** The first row of each SKU in the file (duplicates after it are refused). */
  firstRowOfSku: Map<string, number>;
};

export type ValidRow = StagedRow & { image?: string };

/** The context of a file's rows, from the catalogue's category and class codes. */
export function rowContext(
  refs: Awaited<ReturnType<typeof selectImportReferences>>,
  file: Pick<RowContext, 'columns' | 'images' | 'firstRowOfSku'>,
  plan?: (ctx: RowContext) => StructurePlan,
): RowContext {
  const categories = new Map<string, CategoryRef>();
  const categoriesById = new Map<number, CategoryRef>();
  for (const c of refs.categories) {
    const ref = { id: c.id, parentId: c.parentId, level: c.level };
    categories.set(c.code.trim(), ref);
    categoriesById.set(c.id, ref);
  }
  const brands = new Map(refs.brands.map((b) => [b.name.toLowerCase(), b.code]));
  const ctx: RowContext = {
    ...file,
    categories,
    categoriesById,
    classes: new Set(refs.classes),
    brands,
    create: null,
  };
  if (plan) ctx.create = plan(ctx);
  return ctx;
}

/** The markup a description may keep: structure and emphasis, no attributes, links or scripts. */
const DESCRIPTION_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'u', 'h3', 'h4'];

/**
 * NOTE: sanitize-html writes a bare `&` as `&amp;`; the catalogue stores text ampersands bare (the
 * storefront renders both the same), so they are put back and a sanitised text sanitises to itself:
 * an exported catalogue imports back unchanged.
 */
const bareAmpersands = (html: string) => html.replace(/&amp;/g, '&');

const DESCRIPTION_BLOCKS: ReadonlySet<string> = new Set(['p', 'h3', 'h4']);
const DESCRIPTION_INLINE: ReadonlySet<string> = new Set(['b', 'strong', 'i', 'em', 'u']);
const MARKUP_TOKEN = /<(\/?)([a-z0-9]+)>|&amp;|[<>&]/g;

/**
 * NOTE: sanitize-html rebuilds its whole state on every call (50–150 µs); a 100,000-row import calls
 * it 600,000 times, which was most of the import's time. A text already in the exact form it writes
 * comes out of it unchanged (but for `&amp;` → `&`), so it skips the call: plain text with no `<`,
 * `>` or `&` but `&amp;`, and tags without attributes from a narrow subset of the allow-list —
 * blocks (p, h3, h4) only at the top, inline tags (b, strong, i, em, u) anywhere, each closed in
 * order. Anything else (other tags, `<br>`, lists, attributes, entities, stray brackets, implied
 * closes) goes through sanitize-html. import.rows.test.ts compares both on generated texts.
 * Answers null when the text needs sanitize-html.
 */
function canonicalDescription(html: string): string | null {
  const open: string[] = [];
  for (const m of html.matchAll(MARKUP_TOKEN)) {
    if (m[0] === '&amp;') continue;
    const name = m[2];
    if (name === undefined) return null;
    if (m[1]) {
      if (open.pop() !== name) return null;
    } else if (DESCRIPTION_BLOCKS.has(name)) {
      if (open.length) return null;
      open.push(name);
    } else if (DESCRIPTION_INLINE.has(name)) open.push(name);
    else return null;
  }
  return open.length ? null : bareAmpersands(html).trim();
}

export function sanitizeDescription(html: string): string {
  const canonical = canonicalDescription(html);
  if (canonical !== null) return canonical;
  return bareAmpersands(
    sanitizeHtml(html, {
      allowedTags: DESCRIPTION_TAGS,
      allowedAttributes: {},
      disallowedTagsMode: 'discard',
    }).trim(),
  );
}

/** A product name through the catalogue's own allow-list. */
export function sanitizeName(html: string): string {
  // Plain text comes out of sanitize-html unchanged (see canonicalDescription).
  if (!/[<>&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  return bareAmpersands(sanitizeProductName(html));
}

const MAX_TEXT = { name: 500, description: 20_000, brand: 100 };

function isUnder(categoriesById: Map<number, CategoryRef>, child: CategoryRef, rootId: number) {
  let node: CategoryRef | undefined = child;
  while (node) {
    if (node.id === rootId) return true;
    node = node.parentId === null ? undefined : categoriesById.get(node.parentId);
  }
  return false;
}

/** Validates one data row (`rowNo` as a spreadsheet shows it: the header is row 1). */
export function validateRow(
  cells: string[],
  rowNo: number,
  ctx: RowContext,
): { row: ValidRow | null; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  // The refused cell goes with its reason, for the errors file (docs/product/back-office-catalogue.md),
  // an unsafe character written as its code point (it would reorder the screen; jsonb refuses a NUL).
  const fail = (column: string, message: string) => {
    const index = ctx.columns.indexOf(column as ImportColumn);
    const value = index < 0 ? undefined : revealUnsafeText((cells[index] ?? '').trim());
    errors.push({ row: rowNo, column, message, ...(value ? { value } : {}) });
  };
  const extra = cells.slice(ctx.columns.length).some((c) => c.trim() !== '');
  if (extra) fail('', `The row has more cells (${cells.length}) than the header`);

  // The request path's rule (contract safe-input.ts) on every cell: a NUL or a text-direction control
  // refuses the row, naming the column, like any bad value. Such a cell is then read as absent, so
  // it earns no second reason and plans nothing (a brand, a category) for "create unknown".
  const unsafe = new Set<ImportColumn>();
  for (const refused of unsafeCells(ctx.columns.map((c, i) => [c, cells[i] ?? ''] as const))) {
    unsafe.add(refused.column);
    fail(refused.column, refused.message);
  }

  const cell = (column: ImportColumn): string | undefined => {
    const index = ctx.columns.indexOf(column);
    return index < 0 || unsafe.has(column) ? undefined : (cells[index] ?? '').trim();
  };
  const read = <T>(column: ImportColumn, reader: (v: string) => CellResult<T>): T | null => {
    const value = cell(column);
    if (value === undefined || value === '') return null;
    const result = reader(value);
    if (!result.ok) {
      fail(column, `${column} ${result.message}`);
      return null;
    }
    return result.value;
  };

  if (unsafe.has('sku')) return { row: null, errors };
  const skuResult = readSku(cell('sku') ?? '');
  if (!skuResult.ok) {
    fail('sku', skuResult.message);
    return { row: null, errors };
  }
  const sku = skuResult.value;
  const first = ctx.firstRowOfSku.get(sku);
  if (first !== undefined && first !== rowNo)
    fail('sku', `sku ${sku} already appears on row ${first}`);

  const row: ValidRow = { row_no: rowNo, sku };

  const barcode = cell('barcode');
  if (barcode !== undefined) {
    if (barcode && !isValidProductBarcode(barcode))
      fail('barcode', `barcode ${barcode} is not a UPC-A or EAN-13 with a right check digit`);
    row.barcode = barcode || null;
  }

  const categoryCode = cell('category');
  const subCode = cell('subcategory');
  let categoryId: number | null = null;
  if (categoryCode) {
    let category = ctx.categories.get(categoryCode);
    if (!category && ctx.create) {
      if (isValidCategoryCode(categoryCode)) category = ctx.create.category(categoryCode, null);
      else fail('category', codeRefusal('category', 'category'));
    }
    if (!category) {
      if (!ctx.create)
        fail('category', `category ${categoryCode} is not a known top-level category code`);
    } else if (category.level !== 1)
      fail('category', `category ${categoryCode} is not a known top-level category code`);
    else categoryId = category.id;
  }
  if (subCode) {
    let sub = ctx.categories.get(subCode);
    if (!sub && ctx.create) {
      const parent = categoryId === null ? undefined : ctx.categoriesById.get(categoryId);
      if (!isValidCategoryCode(subCode))
        fail('subcategory', codeRefusal('category', 'subcategory'));
      else if (!parent || !categoryCode)
        fail('subcategory', `subcategory ${subCode} is not known; give its category to create it`);
      else sub = ctx.create.category(subCode, { code: categoryCode, ref: parent });
    }
    if (!sub) {
      if (!ctx.create) fail('subcategory', `subcategory ${subCode} is not known`);
    } else if (sub.level === 1) fail('subcategory', `subcategory ${subCode} is not known`);
    else if (categoryId !== null && !isUnder(ctx.categoriesById, sub, categoryId))
      fail('subcategory', `subcategory ${subCode} is not under category ${categoryCode}`);
    else categoryId = sub.id;
  }
  if (categoryId !== null) row.category_id = categoryId;

  const brand = cell('brand');
  if (brand !== undefined) {
    if (brand.length > MAX_TEXT.brand)
      fail('brand', `brand must be at most ${MAX_TEXT.brand} characters`);
    else if (brand && ctx.create && !ctx.brands.has(brand.toLowerCase())) ctx.create.brand(brand);
    row.brand = brand || null;
  }

  const classCode = cell('class');
  if (classCode) {
    if (!ctx.classes.has(classCode) && ctx.create) {
      if (isValidClassCode(classCode)) ctx.create.productClass(classCode);
      else fail('class', codeRefusal('class', 'class'));
    }
    if (!ctx.classes.has(classCode)) {
      if (!ctx.create)
        fail('class', `class ${classCode} is not a known class (${[...ctx.classes].join(', ')})`);
    } else row.class_code = classCode;
  }

  row.ship_pack = read('ship_pack', (v) => readWholeNumber(v, 1));
  row.active = read('active', readYesNo);

  for (const lang of ['en', 'fr', 'es'] as const) {
    const name = cell(`name_${lang}`);
    if (name) {
      const clean = sanitizeName(name);
      if (!clean) fail(`name_${lang}`, `name_${lang} holds no text once its markup is removed`);
      else if (clean.length > MAX_TEXT.name)
        fail(`name_${lang}`, `name_${lang} must be at most ${MAX_TEXT.name} characters`);
      else row[`name_${lang}`] = clean;
    }
    const description = cell(`description_${lang}`);
    if (description !== undefined) {
      const clean = sanitizeDescription(description);
      if (clean.length > MAX_TEXT.description)
        fail(
          `description_${lang}`,
          `description_${lang} must be at most ${MAX_TEXT.description} characters`,
        );
      row[`desc_${lang}`] = clean;
    }
  }

  for (const c of ['ca', 'us'] as const) {
    row[`price_${c}`] = read(`price_${c}`, readMoneyCents);
    row[`retail_${c}`] = read(`retail_${c}`, readMoneyCents);
    row[`stock_${c}`] = read(`stock_${c}`, (v) => readWholeNumber(v, 0));
    const sale = cell(`sale_price_${c}`);
    // An empty second price means "none", for rows that give the price (or files without price).
    if (sale !== undefined && (cell(`price_${c}`) === undefined || cell(`price_${c}`) !== '')) {
      row[`sale_set_${c}`] = true;
      row[`sale_${c}`] = read(`sale_price_${c}`, readMoneyCents);
    }
  }

  const image = cell('image');
  if (image) {
    if (!ctx.images) fail('image', `image ${image}: no images ZIP came with this file`);
    else if (!ctx.images.has(image)) fail('image', `image ${image} is not in the images ZIP`);
    else row.image = image;
  }

  return { row: errors.length ? null : row, errors };
}
