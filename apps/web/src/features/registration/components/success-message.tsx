import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './registration.css';

/** docs/product/registration.md Success page: thank you, under review, activation after vetting, e-mail on approval. */
export function SuccessMessage() {
  const { t } = useTranslation('registration');
  return (
    <section className="success-card" aria-labelledby="success-title">
      <CheckCircle2 className="success-card__icon" aria-hidden="true" />
      <h1 id="success-title">{t('success.title')}</h1>
      <p>{t('success.submitted')}</p>
      <p>{t('success.review')}</p>
      <p>{t('success.activation')}</p>
      <p>{t('success.notification')}</p>
      <Link className="button" to={paths.home()}>
        {t('success.home')}
      </Link>
    </section>
  );
}
