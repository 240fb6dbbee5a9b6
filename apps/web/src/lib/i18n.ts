import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import enCommon from '@/locales/en/common.json';
import { getStoredRecord, getStoredUser, normaliseLang, storeRecordLang } from './session';
import { getString, setString } from './storage';

/** docs/product/storefront-ux.md: '' is English, 'fr' French, 'es' Spanish. */
export type AppLang = '' | 'fr' | 'es';
export type I18nLng = 'en' | 'fr' | 'es';
export const APP_LANGS: readonly AppLang[] = ['', 'fr', 'es'];
export const SELECTED_LANGUAGE_KEY = 'selectedLanguage';

export function toI18nLng(lang: AppLang): I18nLng {
  return lang === '' ? 'en' : lang;
}

export function fromI18nLng(lng: string | undefined): AppLang {
  return normaliseLang(lng === 'en' ? '' : lng);
}

/**
 * The language to start in: a signed-in user's saved lang wins, then the locally selected
 * language, then the lang kept in the (signed-out) user record, else English.
 */
export function resolveInitialLang(): AppLang {
  const user = getStoredUser();
  if (user) return user.lang;
  const selected = getString(SELECTED_LANGUAGE_KEY);
  if (selected !== null) return normaliseLang(selected);
  return normaliseLang(getStoredRecord()?.lang);
}

// Every locales/<lng>/<ns>.json becomes its own chunk, loaded when a component asks for the namespace.
// The back office's namespaces are listed in a chunk of their own (i18n-staff.ts), fetched with the
// first of them: no shopper's entry script carries the back office's list of files.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/*/admin*.json',
  '!../locales/*/staff.json',
]);
const STAFF_NAMESPACE = /^(admin|staff)(-|$)/;

void i18n
  .use(
    resourcesToBackend(async (lng: string, ns: string) => {
      const table = STAFF_NAMESPACE.test(ns)
        ? (await import('./i18n-staff')).staffLoaders
        : loaders;
      const load = table[`../locales/${lng}/${ns}.json`];
      return load ? (await load()).default : {};
    }),
  )
  .use(initReactI18next)
  .init({
    lng: toI18nLng(resolveInitialLang()),
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr', 'es'],
    ns: ['common'],
    defaultNS: 'common',
    // English common is bundled so the shell paints at once; everything else loads lazily.
    resources: { en: { common: enCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

function applyDocumentLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLang(i18n.language ?? 'en');
i18n.on('languageChanged', applyDocumentLang);

/** Changes the language: saved as selectedLanguage and in the stored user record (docs/product/storefront-ux.md). */
export async function setLanguage(lang: AppLang): Promise<void> {
  setString(SELECTED_LANGUAGE_KEY, lang);
  storeRecordLang(lang);
  await i18n.changeLanguage(toI18nLng(lang));
}

/** Applies a signed-in user's saved language (it overrides the current one, docs/product/storefront-ux.md). */
export function applyUserLang(lang: AppLang): void {
  if (fromI18nLng(i18n.language) === lang) return;
  setString(SELECTED_LANGUAGE_KEY, lang);
  void i18n.changeLanguage(toI18nLng(lang));
}

/**
 * The current language: `lang` in docs/product/storefront-ux.md wire form ('' | 'fr' | 'es'), `apiLang` as the API's
 * lang parameter ('en' | 'fr' | 'es'), and `setLanguage`.
 */
export function useLanguage(): {
  lang: AppLang;
  apiLang: I18nLng;
  setLanguage: (lang: AppLang) => Promise<void>;
} {
  const { i18n: instance } = useTranslation();
  const lang = fromI18nLng(instance.resolvedLanguage ?? instance.language);
  const change = useCallback((next: AppLang) => setLanguage(next), []);
  return { lang, apiLang: toI18nLng(lang), setLanguage: change };
}

export default i18n;
