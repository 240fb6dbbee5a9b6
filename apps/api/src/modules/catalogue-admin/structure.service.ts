import {
  childLevel,
  classBadgePath,
  moveAmongSiblings,
  type AdminBrand,
  type AdminBrandCreate,
  type AdminCategory,
  type AdminCategoryUpdate,
  type AdminProductClass,
  type AdminProductClassUpdate,
  type AdminRetired,
  type AdminStructureMove,
  type AuditEntity,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { insertRow } from '../../db/insert-row';
import { brands, categories, classCodes } from '../../db/schema';
import { AppError, fieldError, reasonError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { FileStore } from '../../lib/file-store';
import { recordAuditBy } from '../audit';
import { afterCatalogueWrite, type CatalogueWriter } from './catalogue-writes';
import {
  countChildren,
  countProductsBy,
  moveProductsBy,
  nextSortOrder,
  selectBrand,
  selectBrandClash,
  selectBrandsWithCounts,
  selectCategoriesWithCounts,
  selectCategory,
  selectCategoryByCode,
  selectClass,
  selectClassesWithCounts,
  selectSiblings,
  setSortOrders,
  type CategoryRecord,
} from './structure.queries';
import { eq } from 'drizzle-orm';
import { uprightPicture } from '../../lib/pictures';

/*
 * The catalogue's structure (docs/product/back-office-catalogue.md "Catalogue structure"): staff and
 * integration tokens holding catalogue:write create, rename, reorder, hide and retire categories,
 * classes and brands. Every change and its audit row commit together; then this process's catalogue
 * caches are dropped (other processes: the categories feed of migration 0026 for the search index,
 * the listing caches' short lifetimes for the rest). Nothing is orphaned: a category with categories
 * under it cannot be retired, and one holding products only with a place to move them to.
 */

/** Who made the change: a staff member, or an integration token (no user: its name is kept). */
export type StructureActor = { id: number | null; email: string | null };

async function audit(
  tx: Tx,
  actor: StructureActor,
  action: string,
  entity: AuditEntity,
  entityId: string | number,
  change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) {
  await recordAuditBy(tx, actor, {
    action,
    entity,
    entityId,
    ...change,
  });
}

/** Runs a structure write in one transaction; a unique violation (a race on a code) is a 409. */
async function write<T>(
  catalogue: CatalogueWriter,
  code: string | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    const result = await catalogue.db.transaction(work);
    afterCatalogueWrite(catalogue);
    return result;
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error) && code !== undefined)
      throw codeTaken(code);
    throw error;
  }
}

const codeTaken = (code: string, field = 'code') =>
  reasonError('CONFLICT', 'CODE_TAKEN', { code }, field);

/** A 409 for retiring something that still holds products and was given nowhere to move them. */
const inUse = (code: string, count: number) =>
  reasonError('CONFLICT', 'STRUCTURE_IN_USE', { code, count }, 'move_to');

const badTarget = () => reasonError('VALIDATION_FAILED', 'MOVE_TARGET_INVALID', {}, 'move_to');

/** The row or list entry looked up, or a 404 saying there is no such thing. */
function orNotFound<T>(found: T | null | undefined, message: string): T {
  if (!found) throw new AppError('NOT_FOUND', message);
  return found;
}

/**
 * Retires one item of the structure: its products move to `moveTo` (looked up by `find`: null for
 * none such, or the item itself), then it is removed and the retire audited. A bad target is a 400
 * naming `move_to`; products with no target, a 409 with their count.
 */
async function retireItem<T>(
  tx: Tx,
  actor: StructureActor,
  item: {
    entity: AuditEntity;
    /** The item's code, as refusals and the audit name it. */
    code: string;
    /** What the audit keeps of it. */
    before: Record<string, unknown>;
    /** How many products it holds. */
    count: number;
    moveTo: number | string | null | undefined;
    find: (moveTo: number | string) => Promise<T | null>;
    /** Moves its products to the target; answers how many moved. */
    moveProducts: (target: T) => Promise<number>;
    /** The target's code, as the answer and the audit name it. */
    codeOf: (target: T) => string;
    /** Deletes the item (and what it keeps beside its row). */
    remove: () => Promise<unknown>;
  },
): Promise<AdminRetired> {
  const { moveTo } = item;
  const named = moveTo !== null && moveTo !== undefined && moveTo !== '';
  const target = named ? await item.find(moveTo) : null;
  if (target === null && named) throw badTarget();
  if (item.count > 0 && !target) throw inUse(item.code, item.count);
  const moved = target ? await item.moveProducts(target) : 0;
  await item.remove();
  const to = target ? item.codeOf(target) : null;
  await audit(tx, actor, `${item.entity}.retire`, item.entity, item.code, {
    before: item.before,
    after: { retired: true, moved, to },
  });
  return { moved, to };
}

/** The columns a partial body sets (`columns` names each field's column; absent fields are left). */
function columnsOf<B extends object, C extends string>(
  body: B,
  columns: Record<keyof B & string, C>,
): Partial<Record<C, unknown>> {
  const set: Partial<Record<C, unknown>> = {};
  for (const [field, column] of Object.entries(columns) as [keyof B & string, C][])
    if (body[field] !== undefined) set[column] = body[field];
  return set;
}

// ---------------------------------------------------------------------------------------------
// Categories

const categoryFields = (c: CategoryRecord) => ({
  code: c.catCode,
  level: c.level,
  parent_id: c.parentId,
  name_en: c.nameEn,
  name_fr: c.nameFr,
  name_es: c.nameEs,
  hidden: c.hidden,
  sort_order: c.sortOrder,
});

/** GET /api/admin/catalogue/categories: every category, in menu order, with what it holds. */
export async function listCategories(tx: Tx): Promise<AdminCategory[]> {
  const rows = await selectCategoriesWithCounts(tx);
  return rows.map((r) => ({
    id: Number(r.id),
    ...categoryFields(r),
    parent_id: r.parentId === null ? null : Number(r.parentId),
    code: r.catCode.trim(),
    products: Number(r.products),
    children: Number(r.children),
  }));
}

const NO_CATEGORY = 'There is no such category';

const categoryDto = async (tx: Tx, id: number): Promise<AdminCategory> =>
  orNotFound(
    (await listCategories(tx)).find((c) => c.id === id),
    NO_CATEGORY,
  );

const lockCategory = async (tx: Tx, id: number): Promise<CategoryRecord> =>
  orNotFound(await selectCategory(tx, id, true), NO_CATEGORY);

/**
 * Inserts a category under `parentId` (null: top level) after its siblings. Answers the new row;
 * a code in use is a 409 naming `code`, a parent of level 3 a 400 naming `parent_id`.
 */
export async function insertCategory(
  tx: Tx,
  input: {
    code: string;
    parentId: number | null;
    names: { en: string; fr: string; es: string };
    hidden?: boolean;
  },
): Promise<CategoryRecord> {
  let level: number | null = 1;
  if (input.parentId !== null) {
    const parent = await selectCategory(tx, input.parentId);
    if (!parent) throw fieldError({ parent_id: 'parent_id is not a known category' });
    level = childLevel(parent.level);
    if (level === null)
      throw reasonError('VALIDATION_FAILED', 'CATEGORY_TOO_DEEP', {}, 'parent_id');
  }
  if (await selectCategoryByCode(tx, input.code)) throw codeTaken(input.code);
  return insertRow(tx, categories, {
    parentId: input.parentId,
    level,
    catCode: input.code,
    nameEn: input.names.en,
    nameFr: input.names.fr,
    nameEs: input.names.es,
    sortOrder: await nextSortOrder(tx, input.parentId),
    hidden: input.hidden ?? false,
  });
}

/** POST /api/admin/catalogue/categories */
export function createCategory(
  catalogue: CatalogueWriter,
  body: {
    code: string;
    parent_id?: number | null;
    name_en: string;
    name_fr: string;
    name_es: string;
    hidden?: boolean;
  },
  actor: StructureActor,
): Promise<AdminCategory> {
  return write(catalogue, body.code, async (tx) => {
    const row = await insertCategory(tx, {
      code: body.code,
      parentId: body.parent_id ?? null,
      names: { en: body.name_en, fr: body.name_fr, es: body.name_es },
      hidden: body.hidden,
    });
    await audit(tx, actor, 'category.create', 'category', row.catCode, {
      after: categoryFields(row),
    });
    return categoryDto(tx, row.id);
  });
}

/** PATCH /api/admin/catalogue/categories/:id: names and hidden. */
export function updateCategory(
  catalogue: CatalogueWriter,
  id: number,
  body: AdminCategoryUpdate,
  actor: StructureActor,
): Promise<AdminCategory> {
  return write(catalogue, undefined, async (tx) => {
    const before = await lockCategory(tx, id);
    const set = columnsOf(body, {
      name_en: 'nameEn',
      name_fr: 'nameFr',
      name_es: 'nameEs',
      hidden: 'hidden',
    });
    if (Object.keys(set).length) {
      const [after] = await tx.update(categories).set(set).where(eq(categories.id, id)).returning();
      await audit(tx, actor, 'category.update', 'category', before.catCode.trim(), {
        before: categoryFields(before),
        after: categoryFields(after!),
      });
    }
    return categoryDto(tx, id);
  });
}

/** POST /api/admin/catalogue/categories/:id/move: one place up or down among its siblings. */
export function moveCategory(
  catalogue: CatalogueWriter,
  id: number,
  body: AdminStructureMove,
  actor: StructureActor,
): Promise<AdminCategory[]> {
  return write(catalogue, undefined, async (tx) => {
    const category = await lockCategory(tx, id);
    const siblings = (await selectSiblings(tx, category.parentId)).map((s) => s.id);
    const order = moveAmongSiblings(siblings, id, body.direction);
    if (order) {
      await setSortOrders(tx, order);
      await audit(tx, actor, 'category.move', 'category', category.catCode.trim(), {
        before: { position: siblings.indexOf(id) + 1 },
        after: { position: order.indexOf(id) + 1 },
      });
    }
    return listCategories(tx);
  });
}

/**
 * POST /api/admin/catalogue/categories/:id/retire: removes a category with nothing under it. One
 * holding products needs `move_to`, another category of the same level: they move there in the
 * same transaction (409 naming the count otherwise).
 */
export function retireCategory(
  catalogue: CatalogueWriter,
  id: number,
  moveTo: number | null | undefined,
  actor: StructureActor,
): Promise<AdminRetired> {
  return write(catalogue, undefined, async (tx) => {
    const category = await lockCategory(tx, id);
    const children = await countChildren(tx, id);
    if (children > 0)
      throw reasonError('CONFLICT', 'CATEGORY_HAS_CHILDREN', { count: children }, 'id');
    return retireItem(tx, actor, {
      entity: 'category',
      code: category.catCode.trim(),
      before: categoryFields(category),
      count: await countProductsBy(tx, 'categoryId', id),
      moveTo,
      find: async (to) => {
        const found = await selectCategory(tx, Number(to));
        return found && found.id !== id && found.level === category.level ? found : null;
      },
      moveProducts: (target) => moveProductsBy(tx, 'categoryId', id, target.id),
      codeOf: (target) => target.catCode.trim(),
      remove: () => tx.delete(categories).where(eq(categories.id, id)),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Product classes

const classKey = (code: string) => `images/classes/${code}.png`;

const classFields = (c: typeof classCodes.$inferSelect) => ({
  code: c.code.trim(),
  label_en: c.labelEn,
  label_fr: c.labelFr,
  label_es: c.labelEs,
  color: c.color,
  badge_uploaded: c.badgeUploaded,
});

/** GET /api/admin/catalogue/classes */
export async function listClasses(tx: Tx): Promise<AdminProductClass[]> {
  const rows = await selectClassesWithCounts(tx);
  return rows.map((r) => ({
    code: r.code.trim(),
    label_en: r.labelEn,
    label_fr: r.labelFr,
    label_es: r.labelEs,
    color: r.color,
    badge_url: classBadgePath(r.code.trim()),
    products: Number(r.products),
  }));
}

const classDto = async (tx: Tx, code: string): Promise<AdminProductClass> =>
  orNotFound(
    (await listClasses(tx)).find((c) => c.code === code),
    `There is no class ${code}`,
  );

const lockClass = async (tx: Tx, code: string) =>
  orNotFound(await selectClass(tx, code, true), `There is no class ${code}`);

/** Inserts a class (a code in use: 409 naming `code`). */
export async function insertClass(
  tx: Tx,
  input: { code: string; labels: { en: string; fr: string; es: string }; color?: string },
) {
  if (await selectClass(tx, input.code)) throw codeTaken(input.code);
  return insertRow(tx, classCodes, {
    code: input.code,
    labelEn: input.labels.en,
    labelFr: input.labels.fr,
    labelEs: input.labels.es,
    ...(input.color ? { color: input.color.toLowerCase() } : {}),
  });
}

/** POST /api/admin/catalogue/classes */
export function createClass(
  catalogue: CatalogueWriter,
  store: FileStore,
  body: { code: string; label_en: string; label_fr: string; label_es: string; color?: string },
  actor: StructureActor,
): Promise<AdminProductClass> {
  return write(catalogue, body.code, async (tx) => {
    const row = await insertClass(tx, {
      code: body.code,
      labels: { en: body.label_en, fr: body.label_fr, es: body.label_es },
      color: body.color,
    });
    // A badge left by an earlier class of this code is not this one's.
    await store.delete(classKey(row.code));
    await audit(tx, actor, 'product_class.create', 'product_class', row.code, {
      after: classFields(row),
    });
    return classDto(tx, row.code);
  });
}

/** PATCH /api/admin/catalogue/classes/:code: meaning in three languages, colour. */
export function updateClass(
  catalogue: CatalogueWriter,
  store: FileStore,
  code: string,
  body: AdminProductClassUpdate,
  actor: StructureActor,
): Promise<AdminProductClass> {
  return write(catalogue, undefined, async (tx) => {
    const before = await lockClass(tx, code);
    const set = columnsOf(
      { ...body, color: body.color?.toLowerCase() },
      { label_en: 'labelEn', label_fr: 'labelFr', label_es: 'labelEs', color: 'color' },
    );
    if (Object.keys(set).length) {
      const [after] = await tx
        .update(classCodes)
        .set(set)
        .where(eq(classCodes.code, code))
        .returning();
      // A drawn badge is drawn again in its new colour; an uploaded one stays.
      if (after!.color !== before.color && !before.badgeUploaded)
        await store.delete(classKey(code));
      await audit(tx, actor, 'product_class.update', 'product_class', code, {
        before: classFields(before),
        after: classFields(after!),
      });
    }
    return classDto(tx, code);
  });
}

/** The longest side a badge keeps. */
const BADGE_SIDE = 160;

/** PUT /api/admin/catalogue/classes/:code/badge: the class's badge picture (stored as PNG). */
export async function uploadClassBadge(
  catalogue: CatalogueWriter,
  store: FileStore,
  code: string,
  upload: Buffer,
  actor: StructureActor,
): Promise<AdminProductClass> {
  const png = await uprightPicture(upload, 'badge', BADGE_SIDE, (badge) => badge.png().toBuffer());
  return write(catalogue, undefined, async (tx) => {
    await lockClass(tx, code);
    await tx.update(classCodes).set({ badgeUploaded: true }).where(eq(classCodes.code, code));
    await store.put(classKey(code), png, 'image/png');
    await audit(tx, actor, 'product_class.badge', 'product_class', code, {
      after: { badge_bytes: png.length },
    });
    return classDto(tx, code);
  });
}

/** POST /api/admin/catalogue/classes/:code/retire: like a category's, `move_to` a class code. */
export function retireClass(
  catalogue: CatalogueWriter,
  store: FileStore,
  code: string,
  moveTo: string | null | undefined,
  actor: StructureActor,
): Promise<AdminRetired> {
  return write(catalogue, undefined, async (tx) => {
    const before = await lockClass(tx, code);
    return retireItem(tx, actor, {
      entity: 'product_class',
      code,
      before: classFields(before),
      count: await countProductsBy(tx, 'classCode', code),
      moveTo,
      find: async (other) => {
        const found = await selectClass(tx, String(other));
        return found && found.code !== code ? found : null;
      },
      moveProducts: (target) => moveProductsBy(tx, 'classCode', code, target.code.trim()),
      codeOf: (target) => target.code.trim(),
      remove: async () => {
        await tx.delete(classCodes).where(eq(classCodes.code, code));
        await store.delete(classKey(code));
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Brands

/** GET /api/admin/catalogue/brands */
export async function listBrands(tx: Tx): Promise<AdminBrand[]> {
  const rows = await selectBrandsWithCounts(tx);
  return rows.map((r) => ({ ...r, products: Number(r.products) }));
}

const NO_BRAND = 'There is no such brand';

const brandDto = async (tx: Tx, id: number): Promise<AdminBrand> =>
  orNotFound(
    (await listBrands(tx)).find((b) => b.id === id),
    NO_BRAND,
  );

const lockBrand = async (tx: Tx, id: number) =>
  orNotFound(await selectBrand(tx, id, true), NO_BRAND);

/** 409 when another brand has this code or name (names compared without case). */
async function assertBrandFree(tx: Tx, code: string | null, name: string | null, self?: number) {
  for (const clash of await selectBrandClash(tx, code, name)) {
    if (clash.id === self) continue;
    if (code !== null && clash.code === code) throw codeTaken(code);
    throw codeTaken(name ?? clash.name, 'name');
  }
}

/** Inserts a brand (a code or name in use: 409 naming the field). */
export async function insertBrand(tx: Tx, input: { code: string; name: string }) {
  await assertBrandFree(tx, input.code, input.name);
  return insertRow(tx, brands, { code: input.code, name: input.name });
}

/** POST /api/admin/catalogue/brands */
export function createBrand(
  catalogue: CatalogueWriter,
  body: Required<AdminBrandCreate>,
  actor: StructureActor,
): Promise<AdminBrand> {
  return write(catalogue, body.code, async (tx) => {
    const row = await insertBrand(tx, body);
    await audit(tx, actor, 'brand.create', 'brand', row.code, {
      after: { code: row.code, name: row.name },
    });
    return brandDto(tx, row.id);
  });
}

/** PATCH /api/admin/catalogue/brands/:id: a new name, carried by its products too. */
export function renameBrand(
  catalogue: CatalogueWriter,
  id: number,
  name: string,
  actor: StructureActor,
): Promise<AdminBrand> {
  return write(catalogue, name, async (tx) => {
    const before = await lockBrand(tx, id);
    if (before.name !== name) {
      await assertBrandFree(tx, null, name, id);
      await tx.update(brands).set({ name }).where(eq(brands.id, id));
      const products = await moveProductsBy(tx, 'brand', before.name, name);
      await audit(tx, actor, 'brand.update', 'brand', before.code, {
        before: { name: before.name },
        after: { name, products },
      });
    }
    return brandDto(tx, id);
  });
}

/** POST /api/admin/catalogue/brands/:id/retire: its products move to `move_to` (another brand). */
export function retireBrand(
  catalogue: CatalogueWriter,
  id: number,
  moveTo: number | null | undefined,
  actor: StructureActor,
): Promise<AdminRetired> {
  return write(catalogue, undefined, async (tx) => {
    const before = await lockBrand(tx, id);
    return retireItem(tx, actor, {
      entity: 'brand',
      code: before.code,
      before: { code: before.code, name: before.name },
      count: await countProductsBy(tx, 'brand', before.name),
      moveTo,
      find: async (other) => {
        const found = await selectBrand(tx, Number(other));
        return found && found.id !== id ? found : null;
      },
      moveProducts: (target) => moveProductsBy(tx, 'brand', before.name, target.name),
      codeOf: (target) => target.code,
      remove: () => tx.delete(brands).where(eq(brands.id, id)),
    });
  });
}
