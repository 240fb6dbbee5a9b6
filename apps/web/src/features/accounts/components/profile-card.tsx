import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoadFailed } from '@/components/ui/load-failed';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useMe } from '../api/get-me';
import './accounts.css';

/** The account's other pages, linked under the details; changing the password comes first. */
const ACCOUNT_PAGES = [
  [paths.profilePassword, 'profile.changePassword'],
  [paths.profileAddresses, 'profile.addresses'],
  [paths.accountCredit, 'profile.credit'],
  [paths.pform, 'profile.preferences'],
  [paths.order, 'profile.orders'],
  [paths.profileReturns, 'profile.returns'],
  [paths.invoices, 'profile.invoices'],
] as const;

/** /profile and /pdata: company, owner, e-mail, customer code, country, language (from GET /api/me). */
export function ProfileCard() {
  const { t } = useTranslation('accounts');
  const me = useMe();
  if (me.isPending) return <LoadingOverlay />;
  if (me.isError) {
    return (
      <PageLoadFailed
        className="page auth-card"
        title={t('profile.title')}
        what={t('profile.loadFailed')}
        error={me.error}
      />
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
        {ACCOUNT_PAGES.map(([path, label], i) => (
          <Link key={label} className={i === 0 ? 'button' : 'button button--secondary'} to={path()}>
            {t(label)}
          </Link>
        ))}
      </p>
    </section>
  );
}
