import {
  productGalleryPath,
  ProductDescriptionResponse,
  type Lang,
  type ProductDetail,
} from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { cutAtMarks, inSchemaOrder, putInCut, type CutAnswer } from '../../lib/fast-serializer';
import type { CatalogueContext, DetailEntry, DetailFound } from './catalogue.caches';
import { allCategories, allClassCodes } from './catalogue.categories';
import type { CategoryList } from './catalogue.category-list';
import {
  customerPricesOfRows,
  detailRows,
  detailWithCustomerPrices,
  detailWithPrices,
  PRICE_MARK,
  withPriceMarks,
  writtenPriceFields,
} from './catalogue.customer-prices';
import { toCard, type Viewer } from './catalogue.dto';
import { selectProductDetail, type ClassCodeRow } from './catalogue.queries';

/** The route's answer as its serializer writes it (lib/fast-serializer.ts). */
const writeDetailAnswer = inSchemaOrder(ProductDescriptionResponse);

/**
 * A detail's answer for a kind of viewer: the shared answer, written once, and the same bytes cut
 * where a customer's own prices go (null: they could not be cut; written whole then).
 */
type DetailAnswer = {
  dto: ProductDetail;
  json?: Buffer;
  cut?: CutAnswer | null;
};

/** A detail's answer for a kind of viewer, the statement's rows it was made of, and the categories. */
type Answered = { answer: DetailAnswer; found: DetailFound; categories: CategoryList };

/**
 * A product's detail for a viewer: the statement's answer is kept (caches.details, while the change
 * feed is live) with what was made of it per kind of viewer (DetailEntry), so a kept detail is
 * mapped once per kind of viewer, not per request.
 */
async function detailAnswer(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<Answered> {
  const code = productId.trim();
  const { details } = ctx.caches;
  const read = async (): Promise<DetailEntry> => ({
    found: await selectProductDetail(ctx.db, code, viewer.country, lang),
  });
  const [entry, categories, classes] = await Promise.all([
    details.followed || !details.enabled
      ? details.get(JSON.stringify([code, viewer.country, lang]), read)
      : read(),
    allCategories(ctx),
    allClassCodes(ctx),
  ]);
  let answers = entry.answers;
  if (!answers || answers.categories !== categories || answers.classes !== classes) {
    answers = { categories, classes, byViewer: new Map() };
    entry.answers = answers;
  }
  const key = `${viewer.country}:${viewer.priced}`;
  let answer = answers.byViewer.get(key);
  if (!answer) {
    answer = { dto: toDetail(entry.found, categories, classes, lang, viewer) };
    answers.byViewer.set(key, answer);
  }
  return { answer, found: entry.found, categories };
}

/** GET productDescription: one product with description, category path and related products. */
export async function getProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<ProductDetail> {
  const { answer, found, categories } = await detailAnswer(ctx, productId, lang, viewer);
  return detailWithCustomerPrices(ctx, answer.dto, found, viewer, categories);
}

/**
 * The productDescription answer as the route's serializer writes it, written once per kept entry
 * and kind of viewer; a customer's own prices (catalogue.customer-prices.ts) are put into that text
 * per request, at the places cut for them, and never kept (lib/fast-serializer.ts `putInCut`).
 * NOTE: kept as bytes, not the string: a string built by appending (as fast-json-stringify builds
 * it) is a tree of pieces that V8 walks again on every socket write, and thousands of kept trees
 * made every collection longer. NOTE: written once, with a mark where each card's prices go: the
 * pieces are the answer without prices too (a priced answer written whole per request took about
 * as much CPU as the rest of the request; customers rotate, so few ask the same prices twice).
 */
export async function writtenProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<Buffer | string> {
  const { answer, found, categories } = await detailAnswer(ctx, productId, lang, viewer);
  const { dto } = answer;
  const prices = await customerPricesOfRows(ctx, detailRows(found), viewer, categories);
  if (!prices) {
    return (answer.json ??= Buffer.from(
      answer.cut ? answer.cut.pieces.join('') : writeDetailAnswer({ status: true, data: dto }),
    ));
  }
  // The marks come in the answer's order: the product's own fields, then each related card's.
  const cards = [dto, ...dto.related];
  answer.cut ??= cutAtMarks(
    writeDetailAnswer({ status: true, data: withPriceMarks(dto) }),
    PRICE_MARK,
    cards.length,
  );
  if (!answer.cut) return writeDetailAnswer({ status: true, data: detailWithPrices(dto, prices) });
  return putInCut(
    answer.cut,
    cards.map((card) => {
      const price = prices.get(card.id);
      return price && writtenPriceFields(price);
    }),
  );
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
