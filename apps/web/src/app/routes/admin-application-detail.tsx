import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApplicationDetail } from '@/features/admin-applications/components/application-detail';
import { useStoreName } from '@/lib/store-identity';

/** /admin/applications/:id (staff): one application, decrypted, with Approve / Reject. */
export default function AdminApplicationDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['admin', 'common']);
  const storeName = useStoreName();
  useEffect(() => {
    document.title = `${t('admin:applications.title')} ${id} | ${storeName}`;
  }, [t, id, storeName]);
  return <ApplicationDetail key={id} id={id} />;
}
