import {
  FAVOURITE_MESSAGES,
  fromCents,
  toPage,
  type Country,
  type FavouriteChangeResponse,
  type FavouritesResponse,
  type Lang,
  type ProductCard,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findProductIdsByCodes, getOrderableProducts, type OrderableProduct } from '../catalogue';
import { deleteFavourite, insertFavourite, selectFavouriteProductIds } from './favourites.queries';

function toCard(p: OrderableProduct, country: Country): ProductCard {
  return {
    id: p.id,
    product_id: p.productId,
    name: p.name,
    country,
    class: p.classCode,
    ship_pac: p.shipPack,
    types: p.types,
    image: p.image,
    brand: p.brand,
    color: p.colour,
    type: p.type,
    size: p.size,
    available: p.available,
    retail_price: fromCents(p.retailCents),
    selling_price: fromCents(p.sellingCents),
    selling_price_2: p.selling2Cents === null ? null : fromCents(p.selling2Cents),
  };
}

/** A customer's favourites as signed-in product cards (prices present), newest first. */
export async function listFavourites(
  tx: Tx,
  userId: number,
  country: Country,
  lang: Lang,
): Promise<FavouritesResponse> {
  const ids = await selectFavouriteProductIds(tx, userId, country);
  const found = await getOrderableProducts(tx, ids, country, lang);
  const cards = ids.flatMap((id) => {
    const p = found.get(id);
    return p ? [toCard(p, country)] : [];
  });
  return { status: true, products: toPage(cards, cards.length, 1, Math.max(cards.length, 1)) };
}

async function resolveProduct(tx: Tx, code: string): Promise<number> {
  const id = (await findProductIdsByCodes(tx, [code])).get(code.trim());
  if (id === undefined)
    throw new AppError('NOT_FOUND', 'This product does not exist', {
      fields: { product_id: 'This product does not exist' },
    });
  return id;
}

/** Marks a product (by SKU code) as favourite or not; repeating either is harmless. */
export async function setFavourite(
  tx: Tx,
  userId: number,
  country: Country,
  code: string,
  favourite: boolean,
): Promise<FavouriteChangeResponse> {
  const id = await resolveProduct(tx, code);
  if (favourite) await insertFavourite(tx, userId, country, id);
  else await deleteFavourite(tx, userId, country, id);
  return {
    status: true,
    product_id: code.trim(),
    favourite,
    message: favourite ? FAVOURITE_MESSAGES.added : FAVOURITE_MESSAGES.removed,
  };
}
