import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickOrderSuggestResponse } from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { createQueryKeys } from '@/lib/query-keys';

export const opticonKeys = createQueryKeys('opticon');

/** GET /api/quick-order/suggest?q=: products by id or barcode prefix, or name. */
export const suggestProducts = (q: string, lang: string) =>
  api.get<QuickOrderSuggestResponse>('/quick-order/suggest', { params: { q, lang } });

export const suggestQuery = (q: string, lang: string) =>
  queryOptions({
    queryKey: opticonKeys.list({ q, lang }),
    queryFn: () => suggestProducts(q, lang),
    staleTime: 60_000,
  });

/** Suggestions for what is typed, 250 ms after the typing stops. */
export function useSuggestions(text: string) {
  const { apiLang } = useLanguage();
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(id);
  }, [text]);
  return useQuery({ ...suggestQuery(q, apiLang), enabled: q.length >= 2 });
}
