import { useMutation } from '@tanstack/react-query';
import type { StoreLogoUploaded } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** POST /api/admin/settings/identity/logo (multipart field `logo`): the stored picture's path. */
export const uploadLogo = (file: File) => {
  const form = new FormData();
  form.append('logo', file);
  return api.post<StoreLogoUploaded>('/admin/settings/identity/logo', form);
};

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
