import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreIdentity } from '@wholesale/contract';
import { ClockContext } from '@/lib/clock';
import { setLanguage } from '@/lib/i18n';
import { expectLink } from '@/test/links';
import { renderWithProviders, stubFetch } from '@/test/render';
import { storeIdentityAnswer, TEST_STORE } from '@/test/store-identity';
import { Footer } from './footer';
import { Header } from './header';

// docs/product/back-office-staff-and-customers.md "Store identity": the header and the footer show
// the identity an admin saved, and a neutral word while none is set.
const IN_2031 = () => new Date('2031-03-04T12:00:00Z');

function renderShell(identity: StoreIdentity | null) {
  stubFetch({ '/api/store-identity': () => storeIdentityAnswer(identity) });
  return renderWithProviders(
    <ClockContext.Provider value={IN_2031}>
      <Header />
      <Footer />
    </ClockContext.Provider>,
  );
}

afterEach(() => setLanguage(''));

describe('header and footer', () => {
  it("show the store's name, tagline, contacts, tax numbers and this year's copyright", async () => {
    renderShell(TEST_STORE);
    const home = await screen.findByRole('link', { name: 'Maple Test Supply, home page' });
    expect(home).toHaveTextContent('Haberdashery for testing');
    const footer = screen.getByRole('contentinfo');
    const office = within(footer).getByRole('heading', { name: 'Head office' }).closest('section')!;
    expect(office).toHaveTextContent('Maple Test Supply Ltd.');
    expect(office).toHaveTextContent('77 Sample Road');
    expectLink(within(office), '+1 902 555 0177', 'tel:+19025550177');
    expectLink(within(office), 'hello@maple-test.example', 'mailto:hello@maple-test.example');
    expect(within(footer).getByRole('heading', { name: 'French support' })).toBeInTheDocument();
    expect(within(footer).queryByRole('heading', { name: 'Spanish support' })).toBeNull();
    expect(footer).toHaveTextContent('GST/HST 123456782 RT0001 · QST 1234567890 TQ0001');
    expect(footer).toHaveTextContent('© 2031 Maple Test Supply Ltd. All rights reserved.');
  });

  it("speak the reader's language", async () => {
    await setLanguage('fr');
    renderShell(TEST_STORE);
    expect(
      await screen.findByRole('link', { name: 'Fournitures Érable Test, page d’accueil' }),
    ).toHaveTextContent('Mercerie pour les essais');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('77, chemin Exemple');
    expect(footer).toHaveTextContent('TPS/TVH 123456782 RT0001');
    expect(footer).toHaveTextContent('© 2031 Maple Test Supply Ltd. Tous droits réservés.');
  });

  it('show the uploaded logo', async () => {
    const logo = '/files/content/store_logo/0b6f7c1e-1d2a-4c3b-9e8f-123456789abc.png';
    const { container } = renderShell({ ...TEST_STORE, logo });
    await screen.findByRole('link', { name: 'Maple Test Supply, home page' });
    expect(container.querySelector('.logo img')).toHaveAttribute('src', logo);
  });

  it('name no store while none is set: a neutral word, no contacts', async () => {
    await setLanguage('es');
    renderShell(null);
    expect(await screen.findByRole('link', { name: 'Tienda, página de inicio' })).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryAllByRole('heading')).toEqual([]);
    expect(footer).toHaveTextContent('© 2031 Tienda. Todos los derechos reservados.');
  });
});
