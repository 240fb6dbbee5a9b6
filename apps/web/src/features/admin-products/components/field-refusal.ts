import type { TFunction } from 'i18next';
import { PRODUCT_FIELDS, type ProductField } from '@wholesale/contract';

/*
 * What the editor says when a value is refused, in the interface language and naming the field
 * (docs/product/back-office-catalogue.md "Product editor"). The server's English detail is never
 * shown: each field has one rule, and an empty value the server refuses is a required one.
 */

type Rule =
  | 'barcode'
  | 'category'
  | 'subcategory'
  | 'brand'
  | 'class'
  | 'shipPack'
  | 'name'
  | 'description'
  | 'amount'
  | 'stock'
  | 'active';

function ruleOf(field: ProductField): Rule {
  if (field === 'ship_pack') return 'shipPack';
  if (field.startsWith('name_')) return 'name';
  if (field.startsWith('description_')) return 'description';
  if (field.startsWith('stock_')) return 'stock';
  if (/^(price|sale_price|retail)_/.test(field)) return 'amount';
  return field as Rule;
}

/** The field a server error key names (`price_ca`, or `fields.price_ca` from the body's schema). */
export function productFieldOf(key: string): ProductField | null {
  const name = key.replace(/^fields\./, '');
  return (PRODUCT_FIELDS as readonly string[]).includes(name) ? (name as ProductField) : null;
}

/** The translated refusal of one field, given the value that was sent. */
export function fieldRefusal(
  t: TFunction<'admin-products'>,
  field: ProductField,
  sent: string | undefined,
): string {
  const label = t(`edit.fields.${field}`);
  if (!sent?.trim()) {
    if (field === 'price_ca' || field === 'price_us')
      return t('edit.refusedField', { field: label, rule: t('edit.rules.priceNeeded') });
    return t('edit.requiredField', { field: label });
  }
  return t('edit.refusedField', { field: label, rule: t(`edit.rules.${ruleOf(field)}`) });
}
