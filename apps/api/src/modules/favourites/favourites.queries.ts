import { and, count, desc, eq } from 'drizzle-orm';
import type { Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { favourites } from '../../db/schema';

/** Product ids a customer marked as favourite in a country, newest first. */
export async function selectFavouriteProductIds(
  tx: Tx,
  userId: number,
  country: Country,
): Promise<number[]> {
  const rows = await tx
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.country, country)))
    .orderBy(desc(favourites.createdAt), desc(favourites.productId));
  return rows.map((r) => r.productId);
}

export async function insertFavourite(
  tx: Tx,
  userId: number,
  country: Country,
  productId: number,
): Promise<void> {
  await tx.insert(favourites).values({ userId, country, productId }).onConflictDoNothing();
}

export async function deleteFavourite(
  tx: Tx,
  userId: number,
  country: Country,
  productId: number,
): Promise<void> {
  await tx
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.country, country),
        eq(favourites.productId, productId),
      ),
    );
}

/** How many favourites a customer keeps, over every country (the customer screen shows it). */
export async function countFavouritesOfUser(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(favourites)
    .where(eq(favourites.userId, userId));
  return row?.total ?? 0;
}
