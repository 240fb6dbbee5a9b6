import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './accounts.css';

/** Who the panel speaks to, and where each goes: customers sign in, newcomers apply. */
const CHOICES = [
  { audience: 'customers', action: 'login', to: paths.login, className: 'button' },
  {
    audience: 'newcomers',
    action: 'apply',
    to: paths.accountRegistration,
    className: 'button button--secondary',
  },
] as const;

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
        {CHOICES.map(({ audience, action, to, className }) => (
          <div key={audience} className="welcome-panel__choice">
            <p>{t(`welcome.${audience}`)}</p>
            <Link className={className} to={to()}>
              {t(`welcome.${action}`)}
            </Link>
          </div>
        ))}
      </div>
      <p>
        <Link to={paths.products()}>{t('welcome.browse')}</Link>
      </p>
    </section>
  );
}
