import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RegistrationWizard } from '@/features/registration/components/registration-wizard';

/** /register (guest-only): the registration wizard (docs/product/overview-and-routes.md). */
export default function RegisterPage() {
  const { t } = useTranslation(['registration', 'common']);
  useEffect(() => {
    document.title = `${t('registration:pageTitle')} | ${t('common:brand.name')}`;
  }, [t]);
  return <RegistrationWizard />;
}
