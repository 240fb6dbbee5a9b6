import { AdminProductsPage } from '@/features/admin-products/components/admin-products-page';

export default AdminProductsPage;
