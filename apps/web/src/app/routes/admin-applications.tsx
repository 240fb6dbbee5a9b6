import { useTranslation } from 'react-i18next';
import { ApplicationsList } from '@/features/admin-applications/components/applications-list';
import { usePageTitle } from '@/lib/page-title';

/** /admin/applications (staff): applications to review. */
export default function AdminApplicationsPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('applications.title'));
  return <ApplicationsList />;
}
