/** A Drizzle select that can also lock the rows it reads (`.for('update')`). */
type LockableSelect<R> = PromiseLike<R[]> & { for(strength: 'update'): PromiseLike<R[]> };

/**
 * The first row `query` finds, or null. `forUpdate` locks it (SELECT … FOR UPDATE) until the
 * caller's transaction ends: a write that reads its row first, then decides.
 */
export async function firstRow<R>(query: LockableSelect<R>, forUpdate = false): Promise<R | null> {
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
