import i18n from '@/lib/i18n';

/**
 * Loads translation namespaces before a test renders, so components do not suspend while a locale
 * chunk is transformed and imported. On a busy machine that first import can outlast any wait
 * window a `findBy…` query allows; once loaded, rendering is synchronous and the test can assert at
 * once (`getBy…`) instead of racing a timeout.
 */
export async function preloadTranslations(
  namespaces: string[],
  languages: readonly string[] = ['en'],
): Promise<void> {
  // loadNamespaces adds them to the known namespaces; loadLanguages then loads every known one.
  await i18n.loadNamespaces(namespaces);
  await i18n.loadLanguages([...languages]);
}
