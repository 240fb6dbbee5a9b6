/**
 * UPC-A check digit over the first 11 digits: 3 × (sum of odd positions) + (sum of even positions),
 * then the amount that brings it to the next multiple of 10 (GS1 General Specifications, section 7.9).
 */
export function upcCheckDigit(first11: string): number {
  if (!/^\d{11}$/.test(first11)) throw new Error('upcCheckDigit needs exactly 11 digits');
  let sum = 0;
  for (let i = 0; i < 11; i += 1) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to 11 digits, giving a 12-digit UPC-A code. */
export function toUpcA(first11: string): string {
  return `${first11}${upcCheckDigit(first11)}`;
}

/** True when the value is 12 digits whose last digit is the right UPC-A check digit. */
export function isValidUpcA(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  return upcCheckDigit(value.slice(0, 11)) === Number(value[11]);
}

/** True when the value is 13 digits whose last digit is the right EAN-13 check digit (GS1 General Specifications, section 7.9). */
export function isValidEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

/** A product barcode the store accepts: a UPC-A (12 digits) or an EAN-13, check digit verified. */
export function isValidProductBarcode(value: string): boolean {
  return isValidUpcA(value) || isValidEan13(value);
}
