/*
 * A max-heap of numbers in a Float64Array: the best hits of a search so far, as sort keys, the
 * worst kept on top (search.index.ts, rankFirst).
 */

/** Puts `key` into max-heap `heap` of `size` keys (at the end, then up). */
export function siftUp(heap: Float64Array, size: number, key: number): void {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] >= key) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = key;
}

/** Replaces the top of max-heap `heap` of `size` keys by `key`. */
export function siftDown(heap: Float64Array, size: number, key: number): void {
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1] > heap[child]) child++;
    if (heap[child] <= key) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = key;
}
