import { useTranslation } from 'react-i18next';
import { TokensSection } from './tokens-section';
import { WebhooksSection } from './webhooks-section';
import './admin-integrations.css';

/**
 * /admin/integrations: how machines reach the store. Each kind of integration is its own section
 * (incoming tokens, outgoing webhooks).
 */
export function AdminIntegrationsPage() {
  const { t } = useTranslation('admin-integrations');
  return (
    <section className="admin-integrations">
      <h1>{t('title')}</h1>
      <p>{t('lead')}</p>
      <TokensSection />
      <WebhooksSection />
    </section>
  );
}
