import { describe, expect, it } from 'vitest';
import { intArray, parseIntArrayText } from './array-params';

describe('parseIntArrayText', () => {
  it('reads the ids of an int[] written as text, in order', () => {
    expect(Array.from(parseIntArrayText('{3,1,20,-4,2147483647}'))).toEqual([
      3, 1, 20, -4, 2147483647,
    ]);
    expect(Array.from(parseIntArrayText('{7}'))).toEqual([7]);
  });

  it('reads no rows (a null aggregate) and an empty array as no ids', () => {
    expect(parseIntArrayText(null)).toHaveLength(0);
    expect(parseIntArrayText('{}')).toHaveLength(0);
  });

  it('reads back what intArray writes', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i * 7919);
    expect(Array.from(parseIntArrayText(intArray(ids)))).toEqual(ids);
  });
});
