import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { downloadUrl, formatFileSize } from './file-size';

/**
 * A link to a content PDF (catalogue, pattern): opens it in the browser's viewer, or with
 * `download` saves it under its title; the title completes the label for screen readers.
 */
export function PdfLink({
  file,
  label,
  download = false,
  secondary = false,
}: {
  file: { pdf: string; title: string };
  label: string;
  download?: boolean;
  secondary?: boolean;
}) {
  const target = download
    ? { href: downloadUrl(file.pdf, file.title), download: true }
    : { href: file.pdf, target: '_blank', rel: 'noopener' };
  return (
    <a className={secondary ? 'button button--secondary' : 'button'} {...target}>
      {label} <span className="visually-hidden">{file.title}</span>
    </a>
  );
}

/** A content PDF's size in the page's language, when the server knows it. */
export function PdfSize({ bytes }: { bytes: number | null }) {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  if (bytes === null) return null;
  return (
    <p className="content-meta">
      {t('catalogues.pdfSize', { size: formatFileSize(bytes, apiLang) })}
    </p>
  );
}
