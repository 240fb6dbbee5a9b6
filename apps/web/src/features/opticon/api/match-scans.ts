import { useMutation } from '@tanstack/react-query';
import type { OpticonMatch, OpticonMatchResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';

/** POST /api/opticon/match: which product each code is, for the preview table. Nothing is added. */
export const matchScans = (codes: string[], lang: string) =>
  api.post<OpticonMatchResponse>('/opticon/match', { codes }, { params: { lang } });

export function useMatchScans() {
  const { apiLang } = useLanguage();
  return useMutation<OpticonMatch[], Error, string[]>({
    mutationFn: async (codes) => (await matchScans(codes, apiLang)).data,
  });
}
