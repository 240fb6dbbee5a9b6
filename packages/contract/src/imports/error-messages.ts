/**
 * The reasons an import refuses a cell, in English, French and Spanish (docs/product/back-office-catalogue.md
 * "Refused rows"). NOTE: an import stores each refusal as its English sentence (import_jobs.errors,
 * older jobs too), so the translation reads that sentence back: each reason is an English pattern
 * whose named groups are the parameters of its translations. A sentence no pattern knows (a newer
 * reason) is shown as it is.
 */
import { ERROR_REASONS, fillReason } from '../common/errors';
import {
  NUL_MESSAGE,
  revealUnsafeText,
  unsafeTextKind,
  type UnsafeText,
} from '../common/safe-input';

export type ImportErrorLang = 'en' | 'fr' | 'es';

/**
 * Why a cell holding a NUL or a text-direction control is refused: the words a request gets for the
 * same character (input-guard), with the column as the field.
 */
export function unsafeCellRefusal(column: string, kind: UnsafeText['kind']): string {
  return kind === 'nul'
    ? `${column} ${NUL_MESSAGE}`
    : fillReason(ERROR_REASONS.TEXT_DIRECTION_CONTROL, { field: column });
}

/**
 * The cells of one file row (column, text) that hold a NUL or a text-direction control, each with
 * its refusal and its value written as code points (the character would reorder what staff read;
 * PostgreSQL cannot store a NUL). Catalogue and price-list imports refuse the row for them.
 */
export function unsafeCells<C extends string>(
  cells: Iterable<readonly [C, string]>,
): { column: C; value: string; message: string }[] {
  return [...cells].flatMap(([column, text]) => {
    const kind = unsafeTextKind(text);
    return kind
      ? [{ column, value: revealUnsafeText(text), message: unsafeCellRefusal(column, kind) }]
      : [];
  });
}

type Reason = {
  /** The English sentence, whole; named groups are the parameters. */
  en: RegExp;
  fr: string;
  es: string;
};

const COL = '(?<column>[a-z_]+)';

/** The English pattern of a sentence made by filling `{{field}}` of `text` with a column. */
const withColumn = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{field\\}\\}', COL)}$`);

const REASONS: readonly Reason[] = [
  {
    en: /^The row has more cells \((?<cells>\d+)\) than the header$/,
    fr: 'La ligne a plus de cellules ({cells}) que l’en-tête',
    es: 'La fila tiene más celdas ({cells}) que el encabezado',
  },
  { en: /^sku is required$/, fr: 'sku est obligatoire', es: 'sku es obligatorio' },
  {
    en: /^sku may hold letters, digits, - and _ only \(at most 64\)$/,
    fr: 'sku ne peut contenir que des lettres, des chiffres, - et _ (64 au plus)',
    es: 'sku solo puede contener letras, dígitos, - y _ (64 como máximo)',
  },
  {
    en: /^sku (?<sku>.+) already appears on row (?<first>\d+)$/,
    fr: 'sku {sku} figure déjà à la ligne {first}',
    es: 'sku {sku} ya aparece en la fila {first}',
  },
  {
    en: new RegExp(`^${COL} must be an amount such as 12\\.50$`),
    fr: '{column} doit être un montant comme 12.50',
    es: '{column} debe ser un importe como 12.50',
  },
  {
    en: new RegExp(`^${COL} must not be negative$`),
    fr: '{column} ne doit pas être négatif',
    es: '{column} no debe ser negativo',
  },
  {
    en: new RegExp(`^${COL} must be a whole number$`),
    fr: '{column} doit être un nombre entier',
    es: '{column} debe ser un número entero',
  },
  {
    en: new RegExp(`^${COL} must be at least (?<min>\\d+)$`),
    fr: '{column} doit valoir au moins {min}',
    es: '{column} debe ser al menos {min}',
  },
  {
    en: new RegExp(`^${COL} must be yes or no$`),
    fr: '{column} doit être yes ou no',
    es: '{column} debe ser yes o no',
  },
  {
    en: new RegExp(`^${COL} must be at most (?<max>\\d+) characters$`),
    fr: '{column} doit compter au plus {max} caractères',
    es: '{column} debe tener como máximo {max} caracteres',
  },
  {
    en: new RegExp(`^${COL} holds no text once its markup is removed$`),
    fr: '{column} ne contient aucun texte une fois le balisage retiré',
    es: '{column} no contiene texto una vez quitado el marcado',
  },
  {
    en: new RegExp(`^${COL} ${NUL_MESSAGE}$`),
    fr: '{column} ne doit pas contenir de caractère NUL',
    es: '{column} no debe contener un carácter NUL',
  },
  {
    en: withColumn(ERROR_REASONS.TEXT_DIRECTION_CONTROL),
    fr: '{column} ne doit pas contenir de caractères de contrôle du sens du texte (U+202A–U+202E, U+2066–U+2069)',
    es: '{column} no debe contener caracteres de control de la dirección del texto (U+202A–U+202E, U+2066–U+2069)',
  },
  {
    en: new RegExp(`^${COL} is required for a new product$`),
    fr: '{column} est obligatoire pour un nouveau produit',
    es: '{column} es obligatorio para un producto nuevo',
  },
  {
    en: /^barcode (?<value>.+) is not a UPC-A or EAN-13 with a right check digit$/,
    fr: 'le code-barres {value} n’est pas un UPC-A ou un EAN-13 à la clé de contrôle exacte',
    es: 'el código de barras {value} no es un UPC-A o EAN-13 con dígito de control correcto',
  },
  {
    en: /^category (?<value>.+) is not a known top-level category code$/,
    fr: 'la catégorie {value} n’est pas un code de catégorie principale connu',
    es: 'la categoría {value} no es un código de categoría principal conocido',
  },
  {
    en: /^subcategory (?<value>.+) is not under category (?<category>.+)$/,
    fr: 'la sous-catégorie {value} n’est pas sous la catégorie {category}',
    es: 'la subcategoría {value} no está bajo la categoría {category}',
  },
  {
    en: /^subcategory (?<value>.+) is not known$/,
    fr: 'la sous-catégorie {value} est inconnue',
    es: 'la subcategoría {value} no se conoce',
  },
  {
    en: /^class (?<value>.+) is not a known class \((?<known>.*)\)$/,
    fr: 'la classe {value} n’est pas une classe connue ({known})',
    es: 'la clase {value} no es una clase conocida ({known})',
  },
  {
    en: /^image (?<value>.+): no images ZIP came with this file$/,
    fr: 'image {value} : aucun ZIP d’images n’accompagne ce fichier',
    es: 'imagen {value}: ningún ZIP de imágenes acompaña este archivo',
  },
  {
    en: /^image (?<value>.+) is not in the images ZIP$/,
    fr: 'l’image {value} n’est pas dans le ZIP d’images',
    es: 'la imagen {value} no está en el ZIP de imágenes',
  },
  {
    en: /^image (?<value>.+) is not a readable JPEG, PNG or WebP image$/,
    fr: 'l’image {value} n’est pas une image JPEG, PNG ou WebP lisible',
    es: 'la imagen {value} no es una imagen JPEG, PNG o WebP legible',
  },
  {
    en: /^price_ca is required: the product has no Canadian price yet$/,
    fr: 'price_ca est obligatoire : le produit n’a pas encore de prix canadien',
    es: 'price_ca es obligatorio: el producto aún no tiene precio canadiense',
  },
  {
    en: /^price_us is required: the product has no US price yet$/,
    fr: 'price_us est obligatoire : le produit n’a pas encore de prix américain',
    es: 'price_us es obligatorio: el producto aún no tiene precio estadounidense',
  },
  // Price list files (docs/product/pricing.md "Importing and exporting a list").
  {
    en: /^target must be product, brand or category$/,
    fr: 'target doit valoir product, brand ou category',
    es: 'target debe ser product, brand o category',
  },
  { en: /^code is required$/, fr: 'code est obligatoire', es: 'code es obligatorio' },
  {
    en: new RegExp(`^${COL} must be at most (?<max>\\d+)$`),
    fr: '{column} doit valoir au plus {max}',
    es: '{column} debe ser como máximo {max}',
  },
  {
    en: /^give one of fixed_price and percent_off$/,
    fr: 'indiquez soit fixed_price, soit percent_off',
    es: 'indique fixed_price o percent_off, no ambos',
  },
  {
    en: /^percent_off must be a percentage from 0\.01 to 100$/,
    fr: 'percent_off doit être un pourcentage de 0.01 à 100',
    es: 'percent_off debe ser un porcentaje de 0.01 a 100',
  },
  {
    en: new RegExp(`^${COL} must be a real date written YYYY-MM-DD$`),
    fr: '{column} doit être une date réelle écrite AAAA-MM-JJ',
    es: '{column} debe ser una fecha real escrita AAAA-MM-DD',
  },
  {
    en: /^ends_on must not be before starts_on$/,
    fr: 'ends_on ne doit pas précéder starts_on',
    es: 'ends_on no debe ser anterior a starts_on',
  },
  {
    en: /^sku (?<value>.+) is not a product of this store$/,
    fr: 'le sku {value} n’est pas un produit de la boutique',
    es: 'el sku {value} no es un producto de la tienda',
  },
  {
    en: /^brand (?<value>.+) is not a known brand name or code$/,
    fr: 'la marque {value} n’est ni un nom ni un code de marque connu',
    es: 'la marca {value} no es un nombre ni un código de marca conocido',
  },
  {
    en: /^category (?<value>.+) is not a known category code$/,
    fr: 'la catégorie {value} n’est pas un code de catégorie connu',
    es: 'la categoría {value} no es un código de categoría conocido',
  },
  {
    en: /^the same entry already appears on row (?<first>\d+)$/,
    fr: 'la même entrée figure déjà à la ligne {first}',
    es: 'la misma entrada ya aparece en la fila {first}',
  },
];

/** The parameters of a known English refusal (a value it names, a column...), or null. */
export function importErrorParams(message: string): Record<string, string> | null {
  for (const reason of REASONS) {
    const m = reason.en.exec(message);
    if (m) return { ...m.groups };
  }
  return null;
}

/** A stored (English) refusal in `lang`; a sentence no pattern knows is answered unchanged. */
export function translateImportError(message: string, lang: ImportErrorLang): string {
  if (lang === 'en') return message;
  for (const reason of REASONS) {
    const m = reason.en.exec(message);
    if (m)
      return reason[lang].replace(/\{(\w+)\}/g, (whole, name: string) => m.groups?.[name] ?? whole);
  }
  return message;
}
