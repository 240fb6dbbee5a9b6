import { useCountry } from '@/lib/country';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/**
 * What every catalogue, search and product-group query depends on: language, country and who is looking (prices differ for a
 * signed-in customer, so the user id is part of every key and a sign-in never shows a guest's cache).
 */
export function useViewer() {
  const { apiLang } = useLanguage();
  const country = useCountry();
  const { user } = useSession();
  return { lang: apiLang, country, viewerKey: user ? `u${user.user_value}` : 'guest' } as const;
}
export type Viewer = ReturnType<typeof useViewer>;
