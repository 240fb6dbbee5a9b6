import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpticonLineResult, OpticonResponse } from '@wholesale/contract';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { useCountry } from '@/lib/country';
import { useSession } from '@/lib/session';
import { refreshCarts } from '@/lib/cart-cache';
import { cartWriteScope, sendCartWrite } from '@/lib/cart-writes';

/** Lines per request: a long file goes in several requests so the progress indicator can move. */
export const UPLOAD_CHUNK = 200;

/** POST /api/opticon {products, user_id, country}. */
export const uploadScans = (
  products: Array<{ code: string; quantity: number }>,
  userId: number,
  country: string,
  lang: string,
) =>
  api.post<OpticonResponse>(
    '/opticon',
    { products, user_id: userId, country },
    { params: { lang }, idempotent: true },
  );

/** Sends the parsed lines in chunks, reporting progress; answers one result per line. */
export function useUploadScans() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const country = useCountry();
  const { apiLang } = useLanguage();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mutation = useMutation({
    scope: cartWriteScope,
    mutationFn: async (lines: Array<{ code: string; quantity: number }>) => {
      const results: OpticonLineResult[] = [];
      setProgress({ done: 0, total: lines.length });
      for (let i = 0; i < lines.length; i += UPLOAD_CHUNK) {
        const chunk = lines.slice(i, i + UPLOAD_CHUNK);
        const answer = await sendCartWrite(queryClient, () =>
          uploadScans(chunk, user!.user_value, country, apiLang),
        );
        results.push(...answer.results);
        setProgress({ done: Math.min(lines.length, i + chunk.length), total: lines.length });
      }
      return results;
    },
    onSettled: () => {
      void refreshCarts(queryClient);
    },
  });
  return { ...mutation, progress };
}
