import type { Lang } from '../common/values';
import type { LocalizedText, StoreContact, StoreIdentity } from './store-identity';

/*
 * Reading the store identity (what the header, footer, mails and PDFs show). NOTE: kept apart from
 * the schema and free of zod, so the storefront's entry chunk, which shows the header and footer on
 * every page, takes these few functions and not the schemas.
 */

/** A text in `lang`, else in English (the language the identity must have). */
export function localText(text: LocalizedText, lang: Lang): string {
  return text[lang] || text.en;
}

/** Whether a support block has anything to show (a phone or an e-mail). */
export function contactShown(block: StoreContact): boolean {
  return block.phone !== '' || block.email !== '';
}

/** A `tel:` link target for a phone as typed: its digits, with +1 for a 10- or 11-digit North American number. */
export function telHref(phone: string): string {
  const main = phone.replace(/\s*(x|ext\.?)\s*\d+$/i, '');
  const digits = main.replace(/\D/g, '');
  if (main.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/**
 * The copyright line's values: this year and who owns the store (the legal name, else the name),
 * without a final full stop (the line writes one).
 */
export function copyrightValues(
  identity: StoreIdentity | null,
  now: Date,
  lang: Lang,
  placeholder: string,
): { year: number; owner: string } {
  const owner = identity ? identity.legal_name || localText(identity.name, lang) : placeholder;
  // The line puts its own full stop after the owner: "Ltd." must not end up as "Ltd..".
  return { year: now.getFullYear(), owner: owner.replace(/\.+$/, '') };
}
