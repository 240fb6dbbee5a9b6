import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type TitleKey = keyof (typeof import('@/locales/en/common.json'))['titles'];
type FeatureKey = keyof (typeof import('@/locales/en/common.json'))['features'];

/** A page another issue builds: a short card saying which feature brings it. */
export function PagePlaceholder({ title, feature }: { title: TitleKey; feature: FeatureKey }) {
  const { t } = useTranslation();
  const heading = t(`titles.${title}`);
  useEffect(() => {
    document.title = `${heading} | ${t('brand.name')}`;
  }, [heading, t]);
  return (
    <section className="page placeholder-card" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      <p>{t('placeholder.body', { feature: t(`features.${feature}`) })}</p>
      <p>
        <Link to={paths.home()}>{t('placeholder.home')}</Link>
      </p>
    </section>
  );
}
