import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contactShown,
  localText,
  telHref,
  type Lang,
  type StoreContact,
  type StoreIdentity,
} from '@wholesale/contract';

export type ContactKey = 'headOffice' | 'frenchSupport' | 'spanishSupport';

/** A contact point of the store and the language its desk speaks (support blocks). */
export type ContactEntry = { key: ContactKey; block: StoreContact; lang?: 'fr' | 'es' };

/**
 * The contact points of docs/product/content-pages.md footer, from the store's identity: the head
 * office always, the French and Spanish support desks when they have a phone or an e-mail.
 */
export function contactEntries(identity: StoreIdentity): ContactEntry[] {
  const entries: ContactEntry[] = [{ key: 'headOffice', block: identity.head_office }];
  if (contactShown(identity.support_fr))
    entries.push({ key: 'frenchSupport', block: identity.support_fr, lang: 'fr' });
  if (contactShown(identity.support_es))
    entries.push({ key: 'spanishSupport', block: identity.support_es, lang: 'es' });
  return entries;
}

/** One contact point: its address lines (or desk name), phone, e-mail and hours, in `lang`. */
export function ContactAddress({
  entry,
  lang,
  firstLine,
}: {
  entry: ContactEntry;
  lang: Lang;
  /** A line before the address (the head office's legal name). */
  firstLine?: string;
}) {
  const { t } = useTranslation();
  const { block } = entry;
  const lines = [firstLine ?? '', ...localText(block.lines, lang).split('\n')].filter(
    (line) => line.trim() !== '',
  );
  const hours = localText(block.hours, lang);
  return (
    <address>
      {lines.map((line, i) => (
        <span key={i} className="address-line">
          {line}
        </span>
      ))}
      {block.phone ? (
        <span className="address-line">
          {t('footer.phone')} <a href={telHref(block.phone)}>{block.phone}</a>
        </span>
      ) : null}
      {block.email ? (
        <span className="address-line">
          {t('footer.email')} <a href={`mailto:${block.email}`}>{block.email}</a>
        </span>
      ) : null}
      {hours ? <span className="address-line address-line--hours">{hours}</span> : null}
    </address>
  );
}

/**
 * Every contact point of the identity, each a section under its heading (`h2` in the footer, `h3`
 * on the support page), the head office's first line being the legal name.
 */
export function ContactPoints({
  identity,
  lang,
  heading: Heading,
  className,
}: {
  identity: StoreIdentity;
  lang: Lang;
  heading: 'h2' | 'h3';
  className?: string;
}) {
  const { t } = useTranslation();
  const base = useId();
  return contactEntries(identity).map((entry) => (
    <section key={entry.key} className={className} aria-labelledby={`${base}-${entry.key}`}>
      <Heading id={`${base}-${entry.key}`}>{t(`footer.${entry.key}`)}</Heading>
      <ContactAddress
        entry={entry}
        lang={lang}
        firstLine={entry.key === 'headOffice' ? identity.legal_name : undefined}
      />
    </section>
  ));
}
