import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { insertRow } from '../../db/insert-row';
import { integrationTokens } from '../../db/schema';

export type TokenRow = typeof integrationTokens.$inferSelect;

export function insertToken(
  tx: Tx,
  values: typeof integrationTokens.$inferInsert,
): Promise<TokenRow> {
  return insertRow(tx, integrationTokens, values);
}

export function listTokens(tx: Tx): Promise<TokenRow[]> {
  return tx.select().from(integrationTokens).orderBy(desc(integrationTokens.id));
}

export async function selectToken(tx: Tx, id: number): Promise<TokenRow | null> {
  const [row] = await tx.select().from(integrationTokens).where(eq(integrationTokens.id, id));
  return row ?? null;
}

/** Marks a token revoked; null when there is no such token. Revoking twice keeps the first time. */
export async function revokeToken(tx: Tx, id: number): Promise<TokenRow | null> {
  const [row] = await tx
    .update(integrationTokens)
    .set({ revokedAt: sql`coalesce(${integrationTokens.revokedAt}, now())` })
    .where(eq(integrationTokens.id, id))
    .returning();
  return row ?? null;
}

/** The live (not revoked) token with this hash, or null. */
export async function selectLiveToken(
  tx: Tx,
  tokenHash: string,
): Promise<Pick<TokenRow, 'id' | 'name' | 'scopes' | 'createdBy'> | null> {
  const [row] = await tx
    .select({
      id: integrationTokens.id,
      name: integrationTokens.name,
      scopes: integrationTokens.scopes,
      createdBy: integrationTokens.createdBy,
    })
    .from(integrationTokens)
    .where(and(eq(integrationTokens.tokenHash, tokenHash), isNull(integrationTokens.revokedAt)));
  return row ?? null;
}

/**
 * Stamps a token as used now. NOTE: one short UPDATE per call is fine for a machine that pushes
 * every few minutes; it keeps "last used" exact without a cache to invalidate.
 */
export async function stampTokenUse(tx: Tx, id: number): Promise<void> {
  await tx
    .update(integrationTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(integrationTokens.id, id));
}

/** Revokes every live token `userId` created; answers them as they were before. */
export async function revokeTokensCreatedBy(tx: Tx, userId: number): Promise<TokenRow[]> {
  const live = await tx
    .select()
    .from(integrationTokens)
    .where(and(eq(integrationTokens.createdBy, userId), isNull(integrationTokens.revokedAt)))
    .for('update');
  if (live.length)
    await tx
      .update(integrationTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(integrationTokens.createdBy, userId), isNull(integrationTokens.revokedAt)));
  return live;
}
