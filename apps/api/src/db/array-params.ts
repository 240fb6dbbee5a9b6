/*
 * Arrays bound as ONE statement parameter: drizzle would expand a JS array into a list of
 * parameters, which changes the statement's text with every length (no plan reuse) and has a limit.
 */

/** An int[] literal: `= any(${intArray(ids)}::int[])`. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
}

/** A text[] literal: `= any(${textArray(values)}::text[])`; quotes and backslashes escaped. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * An array literal whose elements may be NULL (numbers or texts, one type per array), for unnest
 * of nullable columns: `unnest(${nullableArray(values)}::int[])`.
 */
export function nullableArray(values: readonly (string | number | null)[]): string {
  const element = (v: string | number | null) =>
    v === null
      ? 'NULL'
      : typeof v === 'number'
        ? String(Math.trunc(v))
        : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}

/**
 * The ids of an int[] read as text (`array_agg(id)::text`, '{1,2,3}'; null for no rows), without
 * node-postgres's array parser: that one builds a string per element and was a tenth of the API's
 * CPU on listings at a million products, whose scopes hold up to ~90,000 ids.
 */
export function parseIntArrayText(text: string | null): Int32Array {
  if (!text || text.length <= 2) return new Int32Array(0);
  let count = 1;
  for (let i = 1; i < text.length - 1; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Int32Array(count);
  let at = 0;
  let value = 0;
  let negative = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else if (c === 45) negative = true;
    else if (c === 44 || c === 125) {
      ids[at] = negative ? -value : value;
      at += 1;
      value = 0;
      negative = false;
    }
  }
  return ids;
}
