import { AdminContentPage } from '@/features/admin-content/components/admin-content-page';

export default AdminContentPage;
