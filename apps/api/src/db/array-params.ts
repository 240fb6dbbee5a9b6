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
