import type { AdminProductsPage } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { productEditorKeys } from './keys';

type ProductSearch = { q: string; page: number };

/** GET /api/admin/products: products by SKU, barcode or name, a page at a time (staff). */
export const useProducts = (search: ProductSearch) =>
  useStaffList<AdminProductsPage>(productEditorKeys.list(search), '/admin/products', search, 25);
