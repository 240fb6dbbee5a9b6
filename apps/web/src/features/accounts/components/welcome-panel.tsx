import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './accounts.css';

/** /welcome and /welcome-mobile: greets a guest and leads to sign-in or to an application. */
export function WelcomePanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <section
      className={`page welcome-panel${compact ? ' welcome-panel--compact' : ''}`}
      aria-labelledby="welcome-title"
    >
      <h1 id="welcome-title">{t('welcome.title')}</h1>
      <p className="welcome-panel__intro">{t('welcome.intro')}</p>
      <div className="welcome-panel__choices">
        <div className="welcome-panel__choice">
          <p>{t('welcome.customers')}</p>
          <Link className="button" to={paths.login()}>
            {t('welcome.login')}
          </Link>
        </div>
        <div className="welcome-panel__choice">
          <p>{t('welcome.newcomers')}</p>
          <Link className="button button--secondary" to={paths.accountRegistration()}>
            {t('welcome.apply')}
          </Link>
        </div>
      </div>
      <p>
        <Link to={paths.products()}>{t('welcome.browse')}</Link>
      </p>
    </section>
  );
}
