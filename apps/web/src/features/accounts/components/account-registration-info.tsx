import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './accounts.css';

const BENEFITS = ['prices', 'order', 'terms'] as const;
const STEPS = ['one', 'two', 'three'] as const;

/** /account-registration: what a trade account is and how to get one; leads to /register. */
export function AccountRegistrationInfo() {
  const { t } = useTranslation('accounts');
  return (
    <section className="page welcome-panel" aria-labelledby="acct-reg-title">
      <h1 id="acct-reg-title">{t('accountRegistration.title')}</h1>
      <p className="welcome-panel__intro">{t('accountRegistration.intro')}</p>
      <h2>{t('accountRegistration.benefitsTitle')}</h2>
      <ul>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{t(`accountRegistration.benefits.${benefit}`)}</li>
        ))}
      </ul>
      <h2>{t('accountRegistration.stepsTitle')}</h2>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`accountRegistration.steps.${step}`)}</li>
        ))}
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
