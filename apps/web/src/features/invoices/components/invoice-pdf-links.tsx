import { LANGS } from '@wholesale/contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { invoicePdfUrl } from '../api/get-invoices';

/**
 * The invoice's PDF in the customer's language, and in each other language on request (French is
 * always there for Québec customers; any buyer may choose).
 */
export function InvoicePdfLinks({ id, number }: { id: number; number: string }) {
  const { t } = useTranslation('invoices');
  return (
    <span className="invoice-pdf">
      <a
        className="button button--secondary"
        href={invoicePdfUrl(id)}
        download
        aria-label={t('downloadNamed', { number })}
      >
        <Download size={16} aria-hidden="true" /> {t('download')}
      </a>
      <span className="invoice-pdf__langs">
        {LANGS.map((lang) => (
          <a
            key={lang}
            href={invoicePdfUrl(id, lang)}
            download
            lang={lang}
            aria-label={`${number}: ${t('downloadIn', { language: t(`languages.${lang}`) })}`}
          >
            {lang.toUpperCase()}
          </a>
        ))}
      </span>
    </span>
  );
}
