import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApplicationDetail } from '@/features/admin-applications/components/application-detail';

/** /admin/applications/:id (staff): one application, decrypted, with Approve / Reject. */
export default function AdminApplicationDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['admin', 'common']);
  useEffect(() => {
    document.title = `${t('admin:applications.title')} ${id} | ${t('common:brand.name')}`;
  }, [t, id]);
  return <ApplicationDetail key={id} id={id} />;
}
