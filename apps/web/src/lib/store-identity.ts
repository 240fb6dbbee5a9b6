import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localText, type PublicStoreIdentity, type StoreIdentity } from '@wholesale/contract';
import { api } from './api-client';
import { useLanguage } from './i18n';
import { shellKeys } from './query-keys';

/*
 * The store's identity (docs/product/back-office-staff-and-customers.md, "Store identity"): its
 * name, logo, contacts and tax numbers as an admin set them on /admin/settings. Nothing in the web
 * app names a store: while none is set (a fresh store) titles end with a neutral word in the
 * reader's language (common:brand.placeholder), as the server writes them (api plugins/page-meta.ts).
 */

/** GET /api/store-identity (also among a served page's first answers, api plugins/first-load.ts). */
export async function getStoreIdentity(): Promise<PublicStoreIdentity> {
  return api.get<PublicStoreIdentity>('/store-identity');
}

export const storeIdentityQuery = queryOptions({
  queryKey: shellKeys.key('store-identity'),
  queryFn: getStoreIdentity,
  staleTime: 5 * 60_000,
});

/** The identity; null while none is set, and while it loads or failed to (then nothing is named). */
export function useStoreIdentity(): StoreIdentity | null {
  return useQuery(storeIdentityQuery).data?.identity ?? null;
}

/** The store's name in the current language, or the neutral placeholder while none is set. */
export function useStoreName(): string {
  const { t } = useTranslation('common');
  const { apiLang } = useLanguage();
  const identity = useStoreIdentity();
  return identity ? localText(identity.name, apiLang) : t('brand.placeholder');
}
