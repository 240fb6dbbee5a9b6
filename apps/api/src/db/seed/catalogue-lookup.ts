import type { GeneratedCatalogue } from './demo';

type Product = GeneratedCatalogue['products'][number];
type Price = GeneratedCatalogue['prices'][number];

/**
 * Reads of the generated catalogue the demo orders and trade documents make, without a map of
 * every product or name: the generator numbers products 1..n in order and writes each one's en,
 * fr and es names in a row, so both are found by position (checked, with a search as the fallback).
 * NOTE: at a million products the maps cost more than the rest of those documents together (three
 * million name keys, built twice), and each order line filtered two million prices again.
 */
export function catalogueLookup(catalogue: GeneratedCatalogue) {
  const langs = ['en', 'fr', 'es'];
  const product = (id: number): Product => {
    const atPosition = catalogue.products[id - 1];
    return atPosition?.id === id ? atPosition : catalogue.products.find((p) => p.id === id)!;
  };
  const name = (id: number, lang: string): string => {
    const atPosition = catalogue.translations[(id - 1) * langs.length + langs.indexOf(lang)];
    if (atPosition?.productId === id && atPosition.lang === lang) return atPosition.name;
    return catalogue.translations.find((t) => t.productId === id && t.lang === lang)?.name ?? '';
  };
  const sellableOf = new Map<string, Price[]>();
  /** The prices of a country's products that can be ordered (class N is not), in catalogue order. */
  const sellable = (country: string): Price[] => {
    let prices = sellableOf.get(country);
    if (!prices) {
      prices = catalogue.prices.filter(
        (p) => p.country === country && product(p.productId).classCode !== 'N',
      );
      sellableOf.set(country, prices);
    }
    return prices;
  };
  return { product, name, sellable };
}
