import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './accounts.css';

/** /account-registration: what a trade account is and how to get one; leads to /register. */
export function AccountRegistrationInfo() {
  const { t } = useTranslation('accounts');
  return (
    <section className="page welcome-panel" aria-labelledby="acct-reg-title">
      <h1 id="acct-reg-title">{t('accountRegistration.title')}</h1>
      <p className="welcome-panel__intro">{t('accountRegistration.intro')}</p>
      <h2>{t('accountRegistration.benefitsTitle')}</h2>
      <ul>
        <li>{t('accountRegistration.benefits.prices')}</li>
        <li>{t('accountRegistration.benefits.order')}</li>
        <li>{t('accountRegistration.benefits.terms')}</li>
      </ul>
      <h2>{t('accountRegistration.stepsTitle')}</h2>
      <ol>
        <li>{t('accountRegistration.steps.one')}</li>
        <li>{t('accountRegistration.steps.two')}</li>
        <li>{t('accountRegistration.steps.three')}</li>
      </ol>
      <p className="profile-card__actions">
        <Link className="button" to={paths.register()}>
          {t('accountRegistration.start')}
        </Link>
        <Link to={paths.login()}>{t('accountRegistration.haveAccount')}</Link>
      </p>
    </section>
  );
}
