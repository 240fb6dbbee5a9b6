import { useTranslation } from 'react-i18next';

/** docs/product/storefront-ux.md loading state: a full-screen dimmed overlay with a spinning indicator. */
export function LoadingOverlay({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}

/** The overlay without translations, for use before i18n is ready (Suspense fallback). */
export function BareLoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
