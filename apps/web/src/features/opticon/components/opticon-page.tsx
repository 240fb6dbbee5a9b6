import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QuickOrderPad } from './quick-order-pad';
import { ScanUpload } from './scan-upload';
import './opticon.css';
import { useStoreName } from '@/lib/store-identity';

/** /opticon: scanner export upload and the quick-order pad. */
export function OpticonPage() {
  const { t } = useTranslation('opticon');
  const storeName = useStoreName();
  useEffect(() => {
    document.title = `${t('title')} | ${storeName}`;
  }, [t, storeName]);
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
