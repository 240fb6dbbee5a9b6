import { AdminIntegrationsPage } from '@/features/admin-integrations/components/admin-integrations-page';

export default AdminIntegrationsPage;
