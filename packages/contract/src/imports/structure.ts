import { z } from 'zod';
import { idSchema } from '../common/safe-input';

/*
 * The catalogue's structure (docs/product/back-office-catalogue.md "Catalogue structure"):
 * categories in three levels, product classes with their badge, brands. Codes are what files,
 * URLs and the ERP name them by, so their rules are pure functions shared by the API's forms,
 * its import and the back office.
 */

/** Category and brand codes: capitals, digits, `-` and `_`, starting with a capital or a digit. */
const CODE = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;
/** Class codes name a badge picture (`/images/classes/F.png`): 1 to 4 capitals or digits. */
const CLASS_CODE = /^[A-Z0-9]{1,4}$/;

export const CATEGORY_LEVELS = [1, 2, 3] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export const isValidCategoryCode = (code: string): boolean => CODE.test(code);
export const isValidBrandCode = (code: string): boolean => CODE.test(code);
export const isValidClassCode = (code: string): boolean => CLASS_CODE.test(code);

/** How a code typed in a form is read: trimmed, in capitals. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** The level a category takes under `parentLevel` (null: top level); null when it cannot (below 3). */
export function childLevel(parentLevel: number | null): CategoryLevel | null {
  if (parentLevel === null) return 1;
  if (parentLevel === 1 || parentLevel === 2) return (parentLevel + 1) as CategoryLevel;
  return null;
}

/**
 * A brand code made from a brand's name (an import creating a brand it does not know): capitals
 * and digits, other runs as `-`, at most 28 characters, then `-2`, `-3`… until it is not `taken`.
 */
export function brandCodeFromName(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 28)
      .replace(/-+$/, '') || 'BRAND';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Siblings' order after moving `id` one place up or down (keyboard reorder): null when it is
 * already first (up) or last (down), or not among them.
 */
export function moveAmongSiblings<T>(
  ids: readonly T[],
  id: T,
  direction: 'up' | 'down',
): T[] | null {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

const CODE_MESSAGE = (field: string) =>
  `${field} must be 1 to 32 capital letters, digits, - or _, starting with a letter or digit`;
const CLASS_CODE_MESSAGE = (field: string) => `${field} must be 1 to 4 capital letters or digits`;

/** The English refusal of a code, as the import and the API word it. */
export const codeRefusal = (kind: 'category' | 'brand' | 'class', field: string): string =>
  kind === 'class' ? CLASS_CODE_MESSAGE(field) : CODE_MESSAGE(field);

function codeField(kind: 'category' | 'brand' | 'class', field = 'code') {
  const valid = kind === 'class' ? isValidClassCode : isValidCategoryCode;
  const message = codeRefusal(kind, field);
  return z
    .string({ error: `${field} is required` })
    .transform(normaliseCode)
    .refine(valid, {
      message,
      params: { reason: kind === 'class' ? 'CLASS_CODE_INVALID' : 'CODE_INVALID', field },
    });
}

/** A required name: trimmed, 1 to 100 characters; its refusal names the field (FIELD_REQUIRED). */
function nameField(field: string, max = 100) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .refine((s) => s.length > 0, {
      message: `${field} is required`,
      params: { reason: 'FIELD_REQUIRED', field },
    })
    .refine((s) => s.length <= max, { message: `${field} must be at most ${max} characters` });
}

const Names = {
  name_en: nameField('name_en'),
  name_fr: nameField('name_fr'),
  name_es: nameField('name_es'),
};

/** One category as the back office lists it (a flat list in menu order; the screen builds the tree). */
export const AdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  code: z.string(),
  name_en: z.string(),
  name_fr: z.string(),
  name_es: z.string(),
  sort_order: z.number().int(),
  hidden: z.boolean(),
  /** Products filed directly in it. */
  products: z.number().int(),
  /** Categories directly under it. */
  children: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategories = z.object({ categories: z.array(AdminCategory) });
export type AdminCategories = z.infer<typeof AdminCategories>;

export const AdminCategoryCreate = z.object({
  code: codeField('category'),
  /** The category it goes under (none: a top-level category). */
  parent_id: idSchema('parent_id').nullish(),
  ...Names,
  hidden: z.boolean().optional(),
});
export type AdminCategoryCreate = z.input<typeof AdminCategoryCreate>;

export const AdminCategoryUpdate = z
  .object({
    name_en: Names.name_en,
    name_fr: Names.name_fr,
    name_es: Names.name_es,
    hidden: z.boolean(),
  })
  .partial();
export type AdminCategoryUpdate = z.infer<typeof AdminCategoryUpdate>;

export const AdminCategoryParams = z.object({ id: idSchema('id') });

/** Move one place among its siblings (move up/down buttons). */
export const AdminStructureMove = z.object({
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
});
export type AdminStructureMove = z.infer<typeof AdminStructureMove>;

/** Retire a category; one that still holds products needs `move_to`, a category of the same level. */
export const AdminCategoryRetire = z.object({ move_to: idSchema('move_to').nullish() });
export type AdminCategoryRetire = z.input<typeof AdminCategoryRetire>;

/** What a retire answers: what was moved where. */
export const AdminRetired = z.object({ moved: z.number().int(), to: z.string().nullable() });
export type AdminRetired = z.infer<typeof AdminRetired>;

export const AdminProductClass = z.object({
  code: z.string(),
  label_en: z.string(),
  label_fr: z.string(),
  label_es: z.string(),
  color: z.string(),
  /** The badge picture (uploaded, or drawn from the colour and code). */
  badge_url: z.string(),
  products: z.number().int(),
});
export type AdminProductClass = z.infer<typeof AdminProductClass>;
export const AdminProductClasses = z.object({ classes: z.array(AdminProductClass) });
export type AdminProductClasses = z.infer<typeof AdminProductClasses>;

const Colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'color must be written #RRGGBB' });

const ClassLabels = {
  label_en: nameField('label_en'),
  label_fr: nameField('label_fr'),
  label_es: nameField('label_es'),
};

export const AdminProductClassCreate = z.object({
  code: codeField('class'),
  ...ClassLabels,
  color: Colour.optional(),
});
export type AdminProductClassCreate = z.input<typeof AdminProductClassCreate>;
export const AdminProductClassUpdate = z.object({ ...ClassLabels, color: Colour }).partial();
export type AdminProductClassUpdate = z.infer<typeof AdminProductClassUpdate>;
export const AdminProductClassParams = z.object({
  code: z.string().max(8).transform(normaliseCode),
});
export const AdminProductClassRetire = z.object({
  move_to: z.string().max(8).transform(normaliseCode).nullish(),
});
export type AdminProductClassRetire = z.input<typeof AdminProductClassRetire>;
/** The largest badge picture staff may upload. */
export const CLASS_BADGE_MAX_BYTES = 2 * 1024 * 1024;

export const AdminBrand = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  products: z.number().int(),
});
export type AdminBrand = z.infer<typeof AdminBrand>;
export const AdminBrands = z.object({ brands: z.array(AdminBrand) });
export type AdminBrands = z.infer<typeof AdminBrands>;
export const AdminBrandCreate = z.object({ code: codeField('brand'), name: nameField('name') });
export type AdminBrandCreate = z.input<typeof AdminBrandCreate>;
export const AdminBrandUpdate = z.object({ name: nameField('name') });
export type AdminBrandUpdate = z.infer<typeof AdminBrandUpdate>;
export const AdminBrandRetire = z.object({ move_to: idSchema('move_to').nullish() });
export type AdminBrandRetire = z.input<typeof AdminBrandRetire>;

/** What an import with "create unknown categories, classes and brands" creates (or would). */
export const ImportStructureItem = z.object({
  kind: z.enum(['category', 'class', 'brand']),
  code: z.string(),
  /** Categories: 1 (from the category column) or 2 (from subcategory, under `parent`). */
  level: z.number().int().nullable(),
  parent: z.string().nullable(),
  name: z.string(),
});
export type ImportStructureItem = z.infer<typeof ImportStructureItem>;
