import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { catalogueImportKeys } from './keys';

export type StartImportInput = {
  file: File;
  images?: File | null;
  dryRun: boolean;
  /** Create the categories, classes and brands the file names and the store lacks. */
  createMissing?: boolean;
};

/** POST /api/admin/imports (multipart): answers at once with the id of the queued import. */
export const startImport = ({ file, images, dryRun, createMissing }: StartImportInput) => {
  const form = new FormData();
  form.append('dry_run', dryRun ? 'true' : 'false');
  form.append('create_missing', createMissing ? 'true' : 'false');
  form.append('file', file);
  if (images) form.append('images', images);
  return api.post<{ import_id: number }>('/admin/imports', form);
};

export const useStartImport = () => useRefreshingMutation(startImport, catalogueImportKeys.lists());
