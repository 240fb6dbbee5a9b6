import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { storeIdentity, users } from '../../db/schema';

/** The one identity row with the e-mail of whoever saved it last; undefined when none is set. */
export async function selectIdentity(db: Database | Tx) {
  const [row] = await db
    .select({
      settings: storeIdentity.settings,
      updatedAt: storeIdentity.updatedAt,
      updatedBy: users.email,
    })
    .from(storeIdentity)
    .leftJoin(users, eq(users.id, storeIdentity.updatedBy))
    .where(eq(storeIdentity.id, 1));
  return row;
}

/** Writes the identity row (inserts it the first time), stamped with who saved it and when. */
export async function upsertIdentity(tx: Tx, settings: unknown, userId: number | null, at: Date) {
  await tx
    .insert(storeIdentity)
    .values({ id: 1, settings, updatedBy: userId, updatedAt: at })
    .onConflictDoUpdate({
      target: storeIdentity.id,
      set: { settings, updatedBy: userId, updatedAt: at },
    });
}
