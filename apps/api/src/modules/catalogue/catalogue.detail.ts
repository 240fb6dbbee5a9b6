import { productGalleryPath, type Lang, type ProductDetail } from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import type { CatalogueContext, DetailFound } from './catalogue.caches';
import { allCategories, allClassCodes } from './catalogue.categories';
import type { CategoryList } from './catalogue.category-list';
import { toCard, type Viewer } from './catalogue.dto';
import { selectProductDetail, type ClassCodeRow } from './catalogue.queries';

const RELATED_LIMIT = 10;

/**
 * GET productDescription: one product with description, category path and related products. The
 * statement's answer is kept (caches.details, while the change feed is live); it is mapped for the
 * viewer on every request.
 */
export async function getProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<ProductDetail> {
  const code = productId.trim();
  const { details } = ctx.caches;
  const read = () => selectProductDetail(ctx.db, code, viewer.country, lang, RELATED_LIMIT);
  const [found, categories, classes] = await Promise.all([
    details.followed || !details.enabled
      ? details.get(JSON.stringify([code, viewer.country, lang]), read)
      : read(),
    allCategories(ctx),
    allClassCodes(ctx),
  ]);
  return toDetail(found, categories, classes, lang, viewer);
}

function toDetail(
  { detail: row, related }: DetailFound,
  categories: CategoryList,
  classes: ClassCodeRow[],
  lang: Lang,
  viewer: Viewer,
): ProductDetail {
  if (!row) throw new AppError('NOT_FOUND', 'This product is not sold in this country');
  const cls = classes.find((c) => c.code === row.class_code.trim());
  return {
    ...toCard(row, viewer),
    description: row.description ?? '',
    barcode: row.barcode,
    class_label: cls
      ? lang === 'fr'
        ? cls.labelFr
        : lang === 'es'
          ? cls.labelEs
          : cls.labelEn
      : row.class_code,
    categories: categories.path(Number(row.category_id), lang),
    related: related.map((card) => toCard(card, viewer)),
    images: (row.image_ids ?? []).map(productGalleryPath),
  };
}
