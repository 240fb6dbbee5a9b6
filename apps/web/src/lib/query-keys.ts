/**
 * A query-key factory per feature (docs/conventions.md #2): every key starts with the feature name so
 * `invalidateQueries({ queryKey: keys.all })` reaches all of them. Features keep theirs in
 * features/<f>/api/keys.ts: `export const cartKeys = createQueryKeys('cart')`.
 */
export function createQueryKeys<const F extends string>(feature: F) {
  return {
    all: [feature] as const,
    lists: () => [feature, 'list'] as const,
    list: <P>(params: P) => [feature, 'list', params] as const,
    details: () => [feature, 'detail'] as const,
    detail: <I>(id: I, params?: unknown) => [feature, 'detail', id, params ?? null] as const,
    key: <const P extends readonly unknown[]>(...parts: P) => [feature, ...parts] as const,
  };
}

/** Keys of the shell's own queries. */
export const shellKeys = createQueryKeys('shell');
