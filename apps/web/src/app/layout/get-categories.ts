import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse, Category } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useCountry, type CountryCode } from '@/lib/country';
import { useLanguage, type I18nLng } from '@/lib/i18n';
import { shellKeys } from '@/lib/query-keys';

/** GET /api/categories?lang= : the docs/product/catalogue.md category tree in one language. */
export async function getCategories(lang: I18nLng, country: CountryCode): Promise<Category[]> {
  const body = await api.get<CategoriesResponse>('/categories', { params: { lang, country } });
  return body.data;
}

export function categoriesQueryOptions(lang: I18nLng, country: CountryCode) {
  return queryOptions({
    queryKey: shellKeys.key('categories', lang, country),
    queryFn: () => getCategories(lang, country),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  const { apiLang } = useLanguage();
  const country = useCountry();
  return useQuery(categoriesQueryOptions(apiLang, country));
}

/**
 * docs/product/catalogue.md menu rules: Zippers hidden, Promotions sorted last (by the English key
 * `name`); and any category staff hid (`hidden`, docs/product/back-office-catalogue.md) left out
 * with what is under it, at every level.
 */
export function arrangeCategories(categories: readonly Category[]): Category[] {
  const visible = categories
    .filter((c) => !c.hidden && c.name.trim().toLowerCase() !== 'zippers')
    .map((c) => ({
      ...c,
      sub_cate: c.sub_cate
        .filter((s) => !s.hidden)
        .map((s) =>
          s.sub_subCat ? { ...s, sub_subCat: s.sub_subCat.filter((g) => !g.hidden) } : s,
        ),
    }));
  const isPromotions = (c: Category) => c.name.trim().toLowerCase() === 'promotions';
  return [...visible.filter((c) => !isPromotions(c)), ...visible.filter(isPromotions)];
}
