import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useMe } from '../api/get-me';
import './accounts.css';

/** /profile and /pdata: company, owner, e-mail, customer code, country, language (from GET /api/me). */
export function ProfileCard() {
  const { t } = useTranslation('accounts');
  const errorMessage = useErrorMessage();
  const me = useMe();
  if (me.isPending) return <LoadingOverlay />;
  if (me.isError) {
    return (
      <section className="page auth-card">
        <h1>{t('profile.title')}</h1>
        <p className="form-alert" role="alert">
          {t('profile.loadFailed')} {errorMessage(me.error)}
        </p>
      </section>
    );
  }
  const user = me.data.user;
  const lang = user.lang === '' ? 'en' : user.lang;
  const rows: [string, string][] = [
    [t('profile.company'), user.company_name ?? '—'],
    [t('profile.owner'), user.owner_name],
    [t('profile.email'), user.email],
    [t('profile.customerCode'), user.customer_code ?? t('profile.none')],
    [t('profile.country'), t(`profile.countries.${user.cflag}`)],
    [t('profile.language'), t(`profile.languages.${lang}`)],
  ];
  return (
    <section className="page profile-card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <dl className="profile-card__list" data-testid="profile-details">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-card__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="profile-card__actions">
        <Link className="button" to={paths.profilePassword()}>
          {t('profile.changePassword')}
        </Link>
        <Link className="button button--secondary" to={paths.profileAddresses()}>
          {t('profile.addresses')}
        </Link>
        <Link className="button button--secondary" to={paths.accountCredit()}>
          {t('profile.credit')}
        </Link>
        <Link className="button button--secondary" to={paths.pform()}>
          {t('profile.preferences')}
        </Link>
        <Link className="button button--secondary" to={paths.order()}>
          {t('profile.orders')}
        </Link>
        <Link className="button button--secondary" to={paths.profileReturns()}>
          {t('profile.returns')}
        </Link>
      </p>
    </section>
  );
}
