import { useTranslation } from 'react-i18next';
import { SuccessMessage } from '@/features/registration/components/success-message';
import { usePageTitle } from '@/lib/page-title';

/** /success-page (guest-only): shown after an application is submitted (docs/product/registration.md). */
export default function SuccessPage() {
  const { t } = useTranslation('registration');
  usePageTitle(t('success.title'));
  return <SuccessMessage />;
}
