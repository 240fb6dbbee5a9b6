import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The product attributes whose values are translated (a brand is a name and stays as it is). */
export type AttributeKind = 'colour' | 'type' | 'size';

/** Locale decimal separator ("3.5 mm" → "3,5 mm" in French and Spanish). */
function decimalSeparator(lng: string): string {
  return (
    new Intl.NumberFormat(lng).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/**
 * Shows a colour, type or size value in the interface language. Attribute values are a closed
 * vocabulary kept in English in the catalogue (they are the filter keys in URLs and imports), and
 * translated here through locales/<lng>/attributes.json (docs/product/catalogue.md). A value the
 * vocabulary does not know yet is shown as stored, never hidden.
 */
export function useAttributeLabel(): (kind: AttributeKind, value: string) => string {
  const { t, i18n } = useTranslation('attributes');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (kind: AttributeKind, value: string) => {
      if (kind === 'size') {
        const number = /^no\.\s*(\d+)$/i.exec(value);
        if (number) return t('size.number', { n: number[1] });
        const pieces = /^(\d+) pieces?$/i.exec(value);
        if (pieces) return t('size.pieces', { count: Number(pieces[1]) });
        if (value.toLowerCase() === 'assorted') return t('size.assorted');
        return value.replace(/(\d)\.(\d)/g, `$1${decimalSeparator(lng)}$2`);
      }
      const vocabulary = i18n.getResource(lng, 'attributes', kind) as
        Record<string, string> | undefined;
      return vocabulary?.[value] ?? value;
    },
    [t, i18n, lng],
  );
}
