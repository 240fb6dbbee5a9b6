import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProductsPage } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { productEditorKeys } from './keys';

export type ProductSearch = { q: string; page: number };

/** GET /api/admin/products: products by SKU, barcode or name, a page at a time (staff). */
export const getProducts = ({ q, page }: ProductSearch) =>
  api.get<AdminProductsPage>(
    `/admin/products?${new URLSearchParams({ q, page: String(page), per_page: '25' })}`,
  );

export const productsQuery = (search: ProductSearch) =>
  queryOptions({
    queryKey: productEditorKeys.list(search),
    queryFn: () => getProducts(search),
    placeholderData: keepPreviousData,
  });

export const useProducts = (search: ProductSearch) => useQuery(productsQuery(search));
