import { useTranslation } from 'react-i18next';
import { RegistrationWizard } from '@/features/registration/components/registration-wizard';
import { usePageTitle } from '@/lib/page-title';

/** /register (guest-only): the registration wizard (docs/product/overview-and-routes.md). */
export default function RegisterPage() {
  const { t } = useTranslation('registration');
  usePageTitle(t('pageTitle'));
  return <RegistrationWizard />;
}
