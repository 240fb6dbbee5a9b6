/*
 * The store's tax registration numbers as invoices and the footer print them (docs/product/
 * back-office-staff-and-customers.md, "Store identity"). Staff type them with or without spaces
 * and in either case; each is kept in one canonical form.
 */

/** The Luhn check of a digit string (the CRA business number's ninth digit is one). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const squeeze = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * A GST/HST registration number in its printed form `123456789 RT0001` (the 9-digit business number,
 * whose last digit is a Luhn check, then the RT program account), or null when it is not one.
 */
export function canonicalGstHst(text: string): string | null {
  const m = /^(\d{9})RT(\d{4})$/.exec(squeeze(text));
  return m && luhnValid(m[1]) ? `${m[1]} RT${m[2]}` : null;
}

/** A Québec QST registration number in its printed form `1234567890 TQ0001`, or null. */
export function canonicalQst(text: string): string | null {
  const m = /^(\d{10})TQ(\d{4})$/.exec(squeeze(text));
  return m ? `${m[1]} TQ${m[2]}` : null;
}

/** A US employer identification number in its printed form `12-3456789`, or null. */
export function canonicalUsEin(text: string): string | null {
  const m = /^(\d{2})(\d{7})$/.exec(squeeze(text));
  return m && m[1] !== '00' ? `${m[1]}-${m[2]}` : null;
}
