import { brandCodeFromName, type ImportStructureItem } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { recordAudit } from '../audit';
import type { CategoryRef, RowContext, ValidRow } from './import.rows';
import { resolveStagedCategories } from './staging.queries';
import { insertBrand, insertCategory, insertClass } from './structure.service';

/*
 * "Create unknown categories, classes and brands" on an import
 * (docs/product/back-office-catalogue.md "Import file"). Row validation plans what a row names and
 * the store lacks: a category gets a placeholder id (negative) that later rows of the file reuse.
 * Each batch keeps what its accepted rows first needed; a real run creates those in the batch's
 * transaction, before its rows are written, and puts the real ids in place of the placeholders.
 * A dry run creates nothing and reports what it would create.
 */

type Planned = ImportStructureItem & { placeholder: number | null };

export class StructurePlan {
  private nextPlaceholder = -1;
  /** Planned in the batch being validated, not yet kept or forgotten. */
  private fresh: Planned[] = [];
  /** Placeholder → created category id (a real run). */
  readonly created = new Map<number, number>();

  constructor(
    private readonly ctx: Pick<RowContext, 'categories' | 'categoriesById' | 'classes' | 'brands'>,
  ) {}

  /** A category the file names (level 1 from `category`, level 2 from `subcategory` under `parent`). */
  category(code: string, parent: { code: string; ref: CategoryRef } | null): CategoryRef {
    const ref: CategoryRef = {
      id: this.nextPlaceholder--,
      parentId: parent?.ref.id ?? null,
      level: parent ? parent.ref.level + 1 : 1,
    };
    this.ctx.categories.set(code, ref);
    this.ctx.categoriesById.set(ref.id, ref);
    this.fresh.push({
      kind: 'category',
      code,
      level: ref.level,
      parent: parent?.code ?? null,
      name: code,
      placeholder: ref.id,
    });
    return ref;
  }

  productClass(code: string): void {
    this.ctx.classes.add(code);
    this.fresh.push({
      kind: 'class',
      code,
      level: null,
      parent: null,
      name: code,
      placeholder: null,
    });
  }

  brand(name: string): void {
    const code = brandCodeFromName(name, new Set(this.ctx.brands.values()));
    this.ctx.brands.set(name.toLowerCase(), code);
    this.fresh.push({ kind: 'brand', code, level: null, parent: null, name, placeholder: null });
  }

  /**
   * Ends a batch's validation: keeps what its accepted rows use (a category with the categories
   * above it), forgets the rest so a later row may plan it again, and answers what was kept.
   */
  keepUsedBy(rows: ValidRow[]): Planned[] {
    const usedCategories = new Set<number>();
    const usedClasses = new Set<string>();
    const usedBrands = new Set<string>();
    for (const row of rows) {
      let id = row.category_id ?? null;
      while (id !== null && id < 0 && !usedCategories.has(id)) {
        usedCategories.add(id);
        id = this.ctx.categoriesById.get(id)?.parentId ?? null;
      }
      if (row.class_code) usedClasses.add(row.class_code);
      if (row.brand) usedBrands.add(row.brand.toLowerCase());
    }
    const kept: Planned[] = [];
    for (const item of this.fresh) {
      const used =
        item.kind === 'category'
          ? usedCategories.has(item.placeholder!)
          : item.kind === 'class'
            ? usedClasses.has(item.code)
            : usedBrands.has(item.name.toLowerCase());
      if (used) kept.push(item);
      else if (item.kind === 'category') {
        this.ctx.categories.delete(item.code);
        this.ctx.categoriesById.delete(item.placeholder!);
      } else if (item.kind === 'class') this.ctx.classes.delete(item.code);
      else this.ctx.brands.delete(item.name.toLowerCase());
    }
    this.fresh = [];
    return kept;
  }

  /**
   * Creates a batch's kept items in its transaction (a real run), with an audit row each in the
   * name of the import's author; then `resolve` puts the real category ids in the staging table.
   */
  async create(tx: Tx, items: Planned[], actorId: number | null, importId: number) {
    for (const item of items) {
      if (item.kind === 'category') {
        const parentId =
          item.parent === null ? null : this.realId(this.ctx.categories.get(item.parent)!.id);
        const row = await insertCategory(tx, {
          code: item.code,
          parentId,
          names: { en: item.name, fr: item.name, es: item.name },
        });
        this.created.set(item.placeholder!, row.id);
      } else if (item.kind === 'class')
        await insertClass(tx, {
          code: item.code,
          labels: { en: item.name, fr: item.name, es: item.name },
        });
      else await insertBrand(tx, { code: item.code, name: item.name });
      const entity = item.kind === 'class' ? 'product_class' : item.kind;
      await recordAudit(tx, {
        actorId,
        action: `${entity}.create`,
        entity,
        entityId: item.code,
        after: {
          code: item.code,
          name: item.name,
          level: item.level,
          parent: item.parent,
          import_id: importId,
        },
      });
    }
  }

  /** Replaces the placeholders of the staged rows by the categories created so far. */
  async resolve(tx: Tx): Promise<void> {
    if (this.created.size) await resolveStagedCategories(tx, this.created);
  }

  private realId(id: number): number {
    return id < 0 ? this.created.get(id)! : id;
  }
}

/** What the job reports of a planned item. */
export const structureItem = ({ placeholder: _, ...item }: Planned): ImportStructureItem => item;
