import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { productEditorKeys } from './keys';

/** GET /api/admin/products/:sku: every editable field and the version an edit must send back. */
export const getProduct = (sku: string) =>
  api.get<AdminProduct>(`/admin/products/${encodeURIComponent(sku)}`);

export const productQuery = (sku: string) =>
  queryOptions({ queryKey: productEditorKeys.detail(sku), queryFn: () => getProduct(sku) });

export const useProduct = (sku: string) => useQuery(productQuery(sku));
