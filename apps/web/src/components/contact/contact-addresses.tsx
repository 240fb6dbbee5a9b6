import { useTranslation } from 'react-i18next';

/** The three contact points of docs/product/content-pages.md footer; the footer and the support page both show them. */
const CONTACTS = [
  { key: 'headOffice', phone: '1-800-555-0142', email: 'orders@example.com', lang: undefined },
  { key: 'frenchSupport', phone: '1-800-555-0143', email: 'service.fr@example.com', lang: 'fr' },
  { key: 'spanishSupport', phone: '1-800-555-0144', email: 'soporte.es@example.com', lang: 'es' },
] as const;

export type ContactKey = (typeof CONTACTS)[number]['key'];

const DESK_NAMES: Record<'fr' | 'es', string> = {
  fr: 'Service à la clientèle',
  es: 'Atención al cliente',
};

/** The address of one contact point: head office lines or the desk's own-language name, phone, e-mail. */
export function ContactAddress({ contact }: { contact: ContactKey }) {
  const { t } = useTranslation();
  const entry = CONTACTS.find((c) => c.key === contact)!;
  const lines = entry.lang ? [DESK_NAMES[entry.lang]] : t('footer.headOfficeLines').split('\n');
  return (
    <address>
      {lines.map((line) => (
        <span key={line} className="address-line" lang={entry.lang}>
          {line}
        </span>
      ))}
      <span className="address-line">
        {t('footer.phone')}:{' '}
        <a href={`tel:+1${entry.phone.replace(/\D/g, '').slice(1)}`}>{entry.phone}</a>
      </span>
      <span className="address-line">
        {t('footer.email')}: <a href={`mailto:${entry.email}`}>{entry.email}</a>
      </span>
    </address>
  );
}

export const CONTACT_KEYS: ContactKey[] = CONTACTS.map((c) => c.key);
