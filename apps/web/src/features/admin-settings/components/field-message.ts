import type { TFunction } from 'i18next';
import { LANGS, type Lang } from '@wholesale/contract';

type SectionKey = 'headOffice' | 'supportFr' | 'supportEs';
const CONTACTS: Record<string, SectionKey> = {
  head_office: 'headOffice',
  support_fr: 'supportFr',
  support_es: 'supportEs',
};
/** Fields whose refusal says what form they take (the others are only required or too long). */
const FORMATS = ['phone', 'email', 'gst_hst', 'qst', 'us_ein', 'logo'] as const;
type FormatKey = (typeof FORMATS)[number];

/**
 * The words of an identity field's path (`head_office.lines.fr`): "Head office — Address (French)",
 * in the reader's language.
 */
export function fieldLabel(t: TFunction<'admin-settings'>, path: string): string {
  const parts = path.split('.');
  const lang = LANGS.includes(parts.at(-1) as Lang) ? (parts.pop() as Lang) : undefined;
  const section = CONTACTS[parts[0]];
  const field = section ? parts[1] : parts[0] === 'tax' ? parts[1] : parts[0];
  const name =
    section && field === 'lines' && section !== 'headOffice'
      ? t('settings.fields.supportLines')
      : t(`settings.fields.${field as 'name'}`, { defaultValue: field });
  const withSection = section ? `${t(`settings.sections.${section}`)} — ${name}` : name;
  return lang ? `${withSection} (${t(`settings.languages.${lang}`)})` : withSection;
}

/**
 * Why a field was refused, naming it, in the reader's language: the schema's issue code (zod, via
 * the form's resolver) says which rule; a refusal from the server (`server`) is "required" for an
 * empty field and the field's form otherwise.
 */
export function fieldMessage(
  t: TFunction<'admin-settings'>,
  path: string,
  type: string | undefined,
  value: unknown,
): string {
  const field = fieldLabel(t, path);
  const empty = typeof value !== 'string' || value.trim() === '';
  if (type === 'too_small' || (type !== 'too_big' && empty && path !== 'logo'))
    return t('settings.errors.required', { field });
  if (type === 'too_big') return t('settings.errors.tooLong', { field });
  const last = path.split('.').at(-1) as FormatKey;
  return FORMATS.includes(last)
    ? t(`settings.errors.${last}`, { field })
    : t('settings.errors.invalid', { field });
}
