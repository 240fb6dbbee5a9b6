import { useTranslation } from 'react-i18next';

/** SPEC.md §2 footer: head office, French and Spanish support contact blocks, fixed copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-head-office">
          <h2 id="footer-head-office">{t('footer.headOffice')}</h2>
          <address>
            {t('footer.headOfficeLines')
              .split('\n')
              .map((line) => (
                <span key={line} className="address-line">
                  {line}
                </span>
              ))}
            <span className="address-line">
              {t('footer.phone')}: <a href="tel:+18005550142">1-800-555-0142</a>
            </span>
            <span className="address-line">
              {t('footer.email')}: <a href="mailto:orders@example.com">orders@example.com</a>
            </span>
          </address>
        </section>
        <section aria-labelledby="footer-french">
          <h2 id="footer-french">{t('footer.frenchSupport')}</h2>
          <address>
            <span className="address-line" lang="fr">
              Service à la clientèle
            </span>
            <span className="address-line">
              {t('footer.phone')}: <a href="tel:+18005550143">1-800-555-0143</a>
            </span>
            <span className="address-line">
              {t('footer.email')}:{' '}
              <a href="mailto:service.fr@example.com">service.fr@example.com</a>
            </span>
          </address>
        </section>
        <section aria-labelledby="footer-spanish">
          <h2 id="footer-spanish">{t('footer.spanishSupport')}</h2>
          <address>
            <span className="address-line" lang="es">
              Atención al cliente
            </span>
            <span className="address-line">
              {t('footer.phone')}: <a href="tel:+18005550144">1-800-555-0144</a>
            </span>
            <span className="address-line">
              {t('footer.email')}:{' '}
              <a href="mailto:soporte.es@example.com">soporte.es@example.com</a>
            </span>
          </address>
        </section>
        <p className="site-footer__hours">{t('footer.hours')}</p>
      </div>
      <p className="site-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
