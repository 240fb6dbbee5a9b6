import { AdminCataloguePage } from '@/features/admin-catalogue/components/admin-catalogue-page';

export default AdminCataloguePage;
