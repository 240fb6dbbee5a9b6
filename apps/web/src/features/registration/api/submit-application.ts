import { useMutation } from '@tanstack/react-query';
import type { StoreApplicationBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';

export type SubmitApplicationResponse = { status: boolean };

/** docs/product/registration.md POST /store/user: the whole application form; `status: true` means success. */
export const submitApplication = (body: StoreApplicationBody) =>
  api.post<SubmitApplicationResponse>('/store/user', body);

export const useSubmitApplication = () => useMutation({ mutationFn: submitApplication });
