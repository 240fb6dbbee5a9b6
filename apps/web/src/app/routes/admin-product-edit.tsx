import { ProductEditPage } from '@/features/admin-products/components/product-edit-page';

export default ProductEditPage;
