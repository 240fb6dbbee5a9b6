import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationsList } from '@/features/admin-applications/components/applications-list';

/** /admin/applications (staff): applications to review. */
export default function AdminApplicationsPage() {
  const { t } = useTranslation(['admin', 'common']);
  useEffect(() => {
    document.title = `${t('admin:applications.title')} | ${t('common:brand.name')}`;
  }, [t]);
  return <ApplicationsList />;
}
