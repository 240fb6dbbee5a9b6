import { fireEvent, screen } from '@testing-library/react';
import type { ProductDetail as Detail } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { productDetail } from '@/test/catalogue';
import { renderWithProviders, stubFetch } from '@/test/render';
import { ProductDetail } from './product-detail';

/** The detail page of a product, and its list of fields as label and value pairs. */
async function fieldsOf(overrides: Partial<Detail>) {
  await setLanguage('');
  stubFetch({
    '/api/productDescription': () => ({ status: true, data: productDetail(overrides) }),
  });
  const { container } = renderWithProviders(<ProductDetail productId="BT-1001" country="ca" />);
  await screen.findByRole('heading', { level: 1 });
  const list = container.querySelector('.product-detail__fields')!;
  return {
    container,
    fields: [...list.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  };
}

describe('ProductDetail fields', () => {
  it('lists brand, colour, type, size and barcode when the product has them', async () => {
    const { fields } = await fieldsOf({ barcode: '0123456789012', size: 'no. 5' });
    expect(fields.slice(0, 7)).toEqual([
      ['Class', 'A'],
      ['Brand', 'Maple Notions'],
      ['Colour', 'Lilac'],
      ['Type', '4-hole'],
      ['Size', 'no. 5'],
      ['Barcode', '0123456789012'],
      ['Ship pack', '12'],
    ]);
  });

  it('leaves out the fields a product lacks, and a missing class badge', async () => {
    const { fields, container } = await fieldsOf({ brand: null, color: null, barcode: null });
    expect(fields.slice(0, 4)).toEqual([
      ['Class', 'A'],
      ['Type', '4-hole'],
      ['Size', '3.5 mm'],
      ['Ship pack', '12'],
    ]);
    const badge = container.querySelector('.product-detail__id img') as HTMLImageElement;
    expect(badge).toHaveAttribute('width', '28');
    fireEvent.error(badge);
    expect(badge.style.display).toBe('none');
  });
});

describe('ProductDetail prices', () => {
  it('shows a customer with a price list their price, the struck selling price, why and the volume breaks', async () => {
    const { container } = await fieldsOf({
      selling_price: 1,
      selling_price_2: null,
      retail_price: 2,
      available: 4,
      customer_price: 0.9,
      price_reason: {
        kind: 'price_list',
        list_name: 'Maison Tremblay',
        assignee: 'customer',
        min_packs: 1,
      },
      price_breaks: [
        { min_packs: 10, unit_price: 0.2 },
        { min_packs: 24, unit_price: 0.15 },
      ],
    });
    const term = await screen.findByText('Your price');
    expect(term.nextElementSibling?.textContent).toBe(
      'CA$1.00 CA$0.90 Contract price, list Maison Tremblay',
    );
    expect(container.querySelector('.product-detail__fields s')?.textContent).toBe('CA$1.00');
    expect(screen.getByRole('list', { name: 'Volume prices' }).textContent).toBe(
      '10+ ship packs: CA$0.2024+ ship packs: CA$0.15',
    );
    expect(screen.queryByText('List price')).not.toBeInTheDocument();
  });
});
