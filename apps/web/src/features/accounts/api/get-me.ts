import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { accountsKeys } from './keys';

/** GET /api/me: the signed-in user with the profile fields. */
export const getMe = () => api.get<MeResponse>('/me');

export const meQuery = () => queryOptions({ queryKey: accountsKeys.key('me'), queryFn: getMe });

export const useMe = (enabled = true) => useQuery({ ...meQuery(), enabled });
