import { fireEvent, screen } from '@testing-library/react';
import type { ProductDetail as Detail } from '@wholesale/contract';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { productDetail } from '@/test/catalogue';
import { renderWithProviders, stubFetch } from '@/test/render';
import { ProductDetail } from './product-detail';

/** The detail page of a product, and its list of fields as label and value pairs. */
async function fieldsOf(overrides: Partial<Detail>) {
  await setLanguage('');
  const { fetchMock } = stubFetch({
    '/api/productDescription': () => ({ status: true, data: productDetail(overrides) }),
  });
  vi.stubGlobal('fetch', fetchMock);
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
