import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApplicationDetail } from '@/features/admin-applications/components/application-detail';
import { usePageTitle } from '@/lib/page-title';

/** /admin/applications/:id (staff): one application, decrypted, with Approve / Reject. */
export default function AdminApplicationDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['admin', 'common']);
  usePageTitle(`${t('admin:applications.title')} ${id}`);
  return <ApplicationDetail key={id} id={id} />;
}
