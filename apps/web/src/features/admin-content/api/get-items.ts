import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminContentListResponse, ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './keys';

/** GET /api/admin/content/:kind: every item of a kind with its three translations (staff). */
export const getItems = (kind: ContentKind) =>
  api.get<AdminContentListResponse>(`/admin/content/${kind}`);

export const itemsQuery = (kind: ContentKind) =>
  queryOptions({ queryKey: adminContentKeys.list(kind), queryFn: () => getItems(kind) });

export const useItems = (kind: ContentKind) => useQuery(itemsQuery(kind));
