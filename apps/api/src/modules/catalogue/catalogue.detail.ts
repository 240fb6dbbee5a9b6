import {
  CUSTOMER_PRICE_FIELDS,
  productGalleryPath,
  ProductDescriptionResponse,
  type Lang,
  type ProductDetail,
} from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { inSchemaOrder } from '../../lib/fast-serializer';
import type { CatalogueContext, DetailEntry, DetailFound } from './catalogue.caches';
import { allCategories, allClassCodes } from './catalogue.categories';
import type { CategoryList } from './catalogue.category-list';
import { detailWithCustomerPrices } from './catalogue.customer-prices';
import { toCard, type Viewer } from './catalogue.dto';
import { selectProductDetail, type ClassCodeRow } from './catalogue.queries';

/** The route's answer as its serializer writes it (lib/fast-serializer.ts). */
const writeDetailAnswer = inSchemaOrder(ProductDescriptionResponse);

/**
 * A detail's answer for a kind of viewer: the shared answer, written once, and the last answer
 * written with a customer's own prices, with what those prices were (priceSignature).
 */
type DetailAnswer = {
  dto: ProductDetail;
  json?: Buffer;
  priced?: { signature: string; json: Buffer };
};

/** A detail's answer for a kind of viewer, and the statement's rows it was made of. */
type Answered = { answer: DetailAnswer; found: DetailFound };

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
  return { answer, found: entry.found };
}

/** GET productDescription: one product with description, category path and related products. */
export async function getProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<ProductDetail> {
  const { answer, found } = await detailAnswer(ctx, productId, lang, viewer);
  return detailWithCustomerPrices(ctx, answer.dto, found, viewer);
}

/**
 * The productDescription answer as the route's serializer writes it, written once per kept entry
 * and kind of viewer; a customer's own prices (catalogue.customer-prices.ts) are written per
 * request, into their answer only.
 * NOTE: bytes, not the string: a string built by appending (as fast-json-stringify builds it) is a
 * tree of pieces that V8 walks again on every socket write, and thousands of kept trees made every
 * collection longer.
 */
export async function writtenProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<Buffer> {
  const { answer, found } = await detailAnswer(ctx, productId, lang, viewer);
  const own = await detailWithCustomerPrices(ctx, answer.dto, found, viewer);
  if (own === answer.dto)
    return (answer.json ??= Buffer.from(writeDetailAnswer({ status: true, data: answer.dto })));
  // NOTE: customers whose lists price none of the page's products (most, for most products) all
  // get the same prices: the last priced answer is kept, keyed by exactly the prices it shows, so
  // it is only ever sent to a customer whose own prices would write the same bytes.
  const signature = priceSignature(own);
  if (answer.priced?.signature !== signature)
    answer.priced = {
      signature,
      json: Buffer.from(writeDetailAnswer({ status: true, data: own })),
    };
  return answer.priced.json;
}

/** Everything a customer's own prices change in a detail: its own and its related cards'. */
function priceSignature(detail: ProductDetail): string {
  return JSON.stringify(
    [detail, ...detail.related].map((card) => CUSTOMER_PRICE_FIELDS.map((field) => card[field])),
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
