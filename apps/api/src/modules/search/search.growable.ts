/**
 * `array` if it holds `size` items, else a copy in a larger array of the same kind: at least `size`,
 * and `factor` times as large, so that growing one item at a time copies seldom (the index's builds
 * do not know their sizes in advance).
 */
export function grown<T extends Int32Array | Uint8Array>(
  array: T,
  size: number,
  factor: number,
): T {
  if (size <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(
    Math.max(size, Math.ceil(array.length * factor)),
  );
  bigger.set(array);
  return bigger;
}
