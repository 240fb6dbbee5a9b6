import { useTranslation } from 'react-i18next';
import { CONTACT_KEYS, ContactAddress } from '@/components/contact/contact-addresses';

/** docs/product/content-pages.md footer: head office, French and Spanish support contact blocks, fixed copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        {CONTACT_KEYS.map((key) => (
          <section key={key} aria-labelledby={`footer-${key}`}>
            <h2 id={`footer-${key}`}>{t(`footer.${key}`)}</h2>
            <ContactAddress contact={key} />
          </section>
        ))}
        <p className="site-footer__hours">{t('footer.hours')}</p>
      </div>
      <p className="site-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
