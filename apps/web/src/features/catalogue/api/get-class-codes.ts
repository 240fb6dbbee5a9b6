import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassCodeEntry } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer } from '@/lib/viewer';

/** GET class_codes: every class code with its badge image and its meaning in one language. */
export const getClassCodes = (lang: string) =>
  api
    .get<{ status: true; class_codes: ClassCodeEntry[] }>('/class_codes', { params: { lang } })
    .then((b) => b.class_codes);

export function classCodesQueryOptions(lang: string) {
  return queryOptions({
    queryKey: catalogueKeys.key('class-codes', lang),
    queryFn: () => getClassCodes(lang),
    staleTime: 30 * 60_000,
  });
}

/** The class codes in the interface language; fetched only when `enabled` (the legend is opened). */
export function useClassCodes(enabled: boolean) {
  const { lang } = useViewer();
  return useQuery({ ...classCodesQueryOptions(lang), enabled });
}
