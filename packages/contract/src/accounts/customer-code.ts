/**
 * Customer codes (docs/product/back-office-staff-and-customers.md "Customer codes"): the country's
 * prefix (`CA` or `US`) followed by 100000 + the customer's user id, e.g. `CA100008`. Derived from
 * the id, a code is unique and never reused; every producer (approval, demo and bench seeds) builds
 * it here.
 */
export const CUSTOMER_CODE_OFFSET = 100_000;

export const CUSTOMER_CODE_PREFIXES = { ca: 'CA', us: 'US' } as const;

/** What every generated code looks like: CA or US, then a number of at least six digits. */
export const CUSTOMER_CODE_FORMAT = /^(CA|US)[1-9]\d{5,}$/;

/** The customer code of the customer with user id `userId` (a positive whole number) in `country`. */
export function formatCustomerCode(country: 'ca' | 'us', userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 1)
    throw new RangeError(`A customer code needs a positive whole user id, not ${userId}`);
  return `${CUSTOMER_CODE_PREFIXES[country]}${CUSTOMER_CODE_OFFSET + userId}`;
}

/** The country and user id a generated code stands for, or null when `code` is not one. */
export function parseCustomerCode(code: string): { country: 'ca' | 'us'; userId: number } | null {
  const m = CUSTOMER_CODE_FORMAT.exec(code);
  if (!m) return null;
  const userId = Number(code.slice(2)) - CUSTOMER_CODE_OFFSET;
  if (!Number.isSafeInteger(userId) || userId < 1) return null;
  return { country: m[1] === 'CA' ? 'ca' : 'us', userId };
}
