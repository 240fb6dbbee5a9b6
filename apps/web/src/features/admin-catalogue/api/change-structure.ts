import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { structureKeys } from './get-structure';

/**
 * One write to the catalogue structure (create, rename, hide, move, retire, badge): the path under
 * /admin/catalogue, its method and body. Every list reloads after it, since a retire also changes
 * the counts of the place the products moved to.
 */
export type StructureChange = {
  method: 'post' | 'patch' | 'put';
  path: string;
  body?: unknown;
};

export const changeStructure = ({ method, path, body }: StructureChange) =>
  api[method]<unknown>(`/admin/catalogue/${path}`, body);

export const useChangeStructure = () => useRefreshingMutation(changeStructure, structureKeys.all);
