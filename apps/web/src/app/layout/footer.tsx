import { useTranslation } from 'react-i18next';
import { copyrightValues } from '@wholesale/contract';
import { ContactPoints } from '@/components/contact/contact-addresses';
import { useNow } from '@/lib/clock';
import { useLanguage } from '@/lib/i18n';
import { useStoreIdentity } from '@/lib/store-identity';

/**
 * docs/product/content-pages.md footer: the store identity's head office and its French and Spanish
 * support desks, its tax numbers, and the copyright line of this year. While no identity is set,
 * only the copyright line, with a neutral word for the owner.
 */
export function Footer() {
  const { t } = useTranslation();
  const { apiLang } = useLanguage();
  const identity = useStoreIdentity();
  const now = useNow();
  const tax = identity?.tax;
  const taxLine = tax
    ? [
        tax.gst_hst && `${t('footer.gstHst')} ${tax.gst_hst}`,
        tax.qst && `${t('footer.qst')} ${tax.qst}`,
        tax.us_ein && `${t('footer.usEin')} ${tax.us_ein}`,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <footer className="site-footer">
      {identity ? (
        <div className="container site-footer__grid">
          <ContactPoints identity={identity} lang={apiLang} heading="h2" />
        </div>
      ) : null}
      {taxLine ? (
        <p className="site-footer__tax">
          <span className="visually-hidden">{t('footer.taxNumbers')}: </span>
          {taxLine}
        </p>
      ) : null}
      <p className="site-footer__copyright">
        {t('footer.copyright', copyrightValues(identity, now, apiLang, t('brand.placeholder')))}
      </p>
    </footer>
  );
}
