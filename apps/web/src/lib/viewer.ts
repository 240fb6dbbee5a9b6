import { cookieCountry, useCountry } from '@/lib/country';
import i18n, { fromI18nLng, resolveInitialLang, toI18nLng, useLanguage } from '@/lib/i18n';
import { getStoredUser, useSession } from '@/lib/session';

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

/** Which page of a product list (search results, a product group) and for whom: a query's arguments after what it lists. */
export type ViewerPage = [
  lang: string,
  page: number,
  perPage: number,
  country: string,
  viewer: string,
];

/** The same viewer outside React (route loaders that start a page's data early). */
export function currentViewer(): Viewer {
  const current = i18n.resolvedLanguage ?? i18n.language;
  const lang = toI18nLng(current ? fromI18nLng(current) : resolveInitialLang());
  const user = getStoredUser();
  const country = user?.cflag ?? cookieCountry();
  return { lang, country, viewerKey: user ? `u${user.user_value}` : 'guest' } as const;
}
