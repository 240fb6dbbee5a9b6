import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SuccessMessage } from '@/features/registration/components/success-message';

/** /success-page (guest-only): shown after an application is submitted (docs/product/registration.md). */
export default function SuccessPage() {
  const { t } = useTranslation(['registration', 'common']);
  useEffect(() => {
    document.title = `${t('registration:success.title')} | ${t('common:brand.name')}`;
  }, [t]);
  return <SuccessMessage />;
}
