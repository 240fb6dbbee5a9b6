import { PRICED_FIELDS, type ProductCard as Dto } from '@wholesale/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { ProductActionsProvider } from './product-actions-context';
import { ProductCard } from './product-card';

const guestCard: Dto = {
  id: 7,
  product_id: 'BT-1001',
  name: 'Wooden <b>button</b>',
  country: 'ca',
  class: 'F',
  ship_pac: 12,
  types: 'Videos,Patterns & Inspiration',
  image: '/images/products/BT-1001.jpg',
  brand: 'Acme',
  color: 'Red',
  type: null,
  size: null,
};
const priced: Dto = {
  ...guestCard,
  available: 5,
  retail_price: 9.5,
  selling_price: 4,
  selling_price_2: null,
};
/** A customer's contract price from their own list, with a volume break. */
const contract: Dto = {
  ...priced,
  customer_price: 2,
  price_reason: {
    kind: 'price_list',
    list_name: 'Maison Tremblay',
    assignee: 'customer',
    min_packs: 1,
  },
  price_breaks: [{ min_packs: 10, unit_price: 0.2 }],
};

describe('ProductCard (docs/product/catalogue.md)', () => {
  it('shows a guest the badge, thumbnail, id, name as HTML, ship pack and icons, but no price or stock', async () => {
    await setLanguage('');
    const { container } = renderWithProviders(<ProductCard product={guestCard} />);
    expect(await screen.findByRole('link', { name: 'BT-1001' })).toHaveAttribute(
      'href',
      '/description/BT-1001/ca',
    );
    expect(await screen.findByAltText('Class F')).toHaveAttribute('src', '/images/classes/F.png');
    expect(container.querySelector('b')?.textContent).toBe('button');
    expect(screen.getByText('Ship pack: 12')).toBeInTheDocument();
    expect(screen.getByTitle('Videos')).toBeInTheDocument();
    expect(screen.getByTitle('Patterns & Inspiration')).toBeInTheDocument();
    expect(screen.queryByText(/List price/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Ship Packs Available|Out Of Stock/)).not.toBeInTheDocument();
    for (const f of PRICED_FIELDS) expect(guestCard).not.toHaveProperty(f);
  });

  it('asks for a priority card picture at once, the badge and other pictures after the first paint', async () => {
    const { container } = renderWithProviders(
      <>
        <ProductCard product={guestCard} priority />
        <ProductCard product={{ ...guestCard, id: 8, product_id: 'BT-1002' }} />
      </>,
    );
    const [first, second] = container.querySelectorAll<HTMLImageElement>('img.product-thumb');
    expect(first).toHaveAttribute('src', '/images/products/BT-1001.jpg');
    expect(second.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.queryByAltText('Class F')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByAltText('Class F')).toHaveLength(2));
    expect(second).toHaveAttribute('src', '/images/products/BT-1001.jpg');
  });

  it('shows a signed-in customer the list and retail price and the stock', async () => {
    renderWithProviders(<ProductCard product={priced} />);
    expect(await screen.findByText('CA$4.00')).toBeInTheDocument();
    expect(screen.getByText(/Retail/)).toHaveTextContent('CA$9.50');
    expect(screen.getByText('5 Ship Packs Available')).toBeInTheDocument();
  });

  it('names the currency of the price list, one money format per language', async () => {
    await setLanguage('es');
    try {
      renderWithProviders(
        <ProductCard product={{ ...priced, country: 'us', selling_price: 1.09 }} />,
      );
      expect(await screen.findByText('US$1.09')).toBeInTheDocument();
    } finally {
      await setLanguage('');
    }
    renderWithProviders(<ProductCard product={{ ...priced, product_id: 'FR-1' }} />);
    await setLanguage('fr');
    try {
      expect(await screen.findByText(/^4,00\s\$\sCA$/)).toBeInTheDocument();
    } finally {
      await setLanguage('');
    }
  });

  it.each([
    ['', '1 Ship Pack Available', '2 Ship Packs Available'],
    ['fr', '1 emballage disponible', '2 emballages disponibles'],
    ['es', '1 paquete de envío disponible', '2 paquetes de envío disponibles'],
  ] as const)('counts ship packs through the plural rules of "%s"', async (lang, one, two) => {
    await setLanguage(lang);
    try {
      renderWithProviders(<ProductCard product={{ ...priced, available: 1 }} />);
      expect(await screen.findByText(one)).toBeInTheDocument();
      renderWithProviders(<ProductCard product={{ ...priced, id: 8, available: 2 }} />);
      expect(await screen.findByText(two)).toBeInTheDocument();
    } finally {
      await setLanguage('');
    }
  });

  it('strikes the list price through when a second selling price exists', async () => {
    const { container } = renderWithProviders(
      <ProductCard product={{ ...priced, selling_price_2: 3.25 }} />,
    );
    await screen.findByText('CA$3.25');
    expect(container.querySelector('s')?.textContent).toBe('CA$4.00');
  });

  it('shows a customer with a price list their own price, the selling price struck through, why and the volume breaks', async () => {
    const { container } = renderWithProviders(<ProductCard product={contract} />);
    expect(await screen.findByText('Your price')).toBeInTheDocument();
    expect(screen.getByText('CA$2.00').tagName).toBe('STRONG');
    expect(container.querySelector('s')?.textContent).toBe('CA$4.00');
    expect(screen.getByText('Contract price, list Maison Tremblay')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Volume prices' })).toHaveTextContent(
      '10+ ship packs: CA$0.20',
    );
    expect(screen.getByText(/Retail/)).toHaveTextContent('CA$9.50');
    expect(screen.queryByText('List price')).not.toBeInTheDocument();
  });

  it.each([
    ['fr', 'Prix contractuel, liste Maison Tremblay', /^10\+ emballages : 0,20\s\$\sCA$/],
    ['es', 'Precio de contrato, lista Maison Tremblay', /^10\+ paquetes de envío: CA\$0[.,]20$/],
  ] as const)('says why in "%s"', async (lang, reason, breakText) => {
    await setLanguage(lang);
    try {
      const { container } = renderWithProviders(<ProductCard product={contract} />);
      expect(await screen.findByText(reason)).toBeInTheDocument();
      expect(container.querySelector('.customer-price__breaks li')?.textContent).toMatch(breakText);
    } finally {
      await setLanguage('');
    }
  });

  it("strikes nothing through when the customer's price is the selling price, and names a group's list", async () => {
    const { container } = renderWithProviders(
      <ProductCard
        product={{
          ...priced,
          customer_price: 4,
          price_reason: { kind: 'selling' },
          price_breaks: [],
        }}
      />,
    );
    expect(await screen.findByText('CA$4.00')).toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Volume prices' })).not.toBeInTheDocument();
    renderWithProviders(
      <ProductCard
        product={{
          ...priced,
          id: 9,
          customer_price: 3.68,
          price_reason: {
            kind: 'price_list',
            list_name: 'Groupe Achat',
            assignee: 'group',
            min_packs: 1,
          },
          price_breaks: [],
        }}
      />,
    );
    expect(await screen.findByText('Groupe Achat price')).toBeInTheDocument();
  });

  it("says 'Currently Out Of Stock' in red when nothing is available, except for class N", async () => {
    renderWithProviders(<ProductCard product={{ ...priced, available: 0 }} />);
    const line = await screen.findByText('Currently Out Of Stock');
    expect(line).toHaveClass('product-card__stock--out');
  });

  it('does not say out of stock for class N (always orderable)', async () => {
    renderWithProviders(<ProductCard product={{ ...priced, class: 'N', available: 0 }} />);
    await screen.findByText('BT-1001');
    expect(screen.queryByText('Currently Out Of Stock')).not.toBeInTheDocument();
  });

  it('renders a script in a name as nothing executable', async () => {
    const hostile = {
      ...guestCard,
      name: 'Snap<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> fastener',
    };
    const { container } = renderWithProviders(<ProductCard product={hostile} />);
    await screen.findByText('BT-1001');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.product-card__name img')).toBeNull();
    expect(container.querySelector('.product-card__name')?.textContent).toBe('Snap fastener');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('falls back to a placeholder image when the thumbnail fails', async () => {
    const { container } = renderWithProviders(<ProductCard product={guestCard} />);
    await screen.findByText('BT-1001');
    const img = container.querySelector('.product-card__image-link img') as HTMLImageElement;
    expect(img).toHaveAttribute('width', '130');
    expect(img).toHaveAttribute('height', '140');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('shows the favourite and add-to-cart controls supplied through the context', async () => {
    renderWithProviders(
      <ProductActionsProvider
        value={{
          FavouriteToggle: ({ product }) => (
            <button type="button">heart {product.product_id}</button>
          ),
          AddToCart: ({ product }) => <button type="button">add {product.product_id}</button>,
        }}
      >
        <ProductCard product={priced} />
      </ProductActionsProvider>,
    );
    expect(await screen.findByRole('button', { name: 'heart BT-1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'add BT-1001' })).toBeInTheDocument();
  });
});
