import { useTranslation } from 'react-i18next';
import { QuickOrderPad } from './quick-order-pad';
import { ScanUpload } from './scan-upload';
import './opticon.css';
import { usePageTitle } from '@/lib/page-title';

/** /opticon: scanner export upload and the quick-order pad. */
export function OpticonPage() {
  const { t } = useTranslation('opticon');
  usePageTitle(t('title'));
  return (
    <section className="page container opticon-page" aria-labelledby="opticon-title">
      <h1 id="opticon-title">{t('title')}</h1>
      <div className="opticon-grid">
        <ScanUpload />
        <QuickOrderPad />
      </div>
    </section>
  );
}
