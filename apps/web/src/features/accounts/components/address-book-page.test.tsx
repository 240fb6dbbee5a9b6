import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { apiError, validationFailed } from '@/test/render';
import { deferred, json, renderSignedIn } from '@/test/shopping';
import { AddressBookPage } from './address-book-page';

beforeAll(() => preloadTranslations(['addresses', 'errors', 'common'], ['en', 'fr']));

const home: AddressBookEntry = {
  id: 1,
  label: 'Shipping address',
  company: 'Maple Yarns Warehouse',
  line1: '55 Industrial Road',
  line2: null,
  city: 'Mississauga',
  region: 'ON',
  postal_code: 'L5T 2H7',
  country: 'ca',
  is_default: true,
  is_billing: false,
  open_orders: 0,
};
const billing: AddressBookEntry = {
  ...home,
  id: 2,
  label: 'Billing address',
  company: 'Maple Yarns',
  line1: '100 King Street West',
  city: 'Toronto',
  postal_code: 'M5X 1A9',
  is_default: false,
  is_billing: true,
};
const depot: AddressBookEntry = {
  ...home,
  id: 3,
  label: 'Depot',
  city: 'Québec',
  region: 'QC',
  postal_code: 'G1R 4P5',
  is_default: false,
  open_orders: 2,
};
const spare: AddressBookEntry = { ...depot, id: 4, label: 'Spare', open_orders: 0 };
const book = (addresses: AddressBookEntry[]) => json({ status: true, addresses });
/** The book of `home` and `spare`, where the server refuses the call `route` names. */
const renderRefusingOnSpare = (route: string, ...refusal: Parameters<typeof apiError>) =>
  renderSignedIn(<AddressBookPage />, {
    'GET /api/me/addresses': () => book([home, spare]),
    [route]: () => apiError(...refusal),
  });
const card = (name: string) => screen.getByRole('listitem', { name });

async function fillNewAddress(values: Partial<Record<string, string>>) {
  await userEvent.click(screen.getByRole('button', { name: 'Add an address' }));
  const form = screen.getByRole('form', { name: 'New address' });
  const f = within(form);
  const typeIn = async (label: string, value: string | undefined) => {
    if (value === undefined) return;
    await userEvent.clear(f.getByLabelText(label));
    if (value) await userEvent.type(f.getByLabelText(label), value);
  };
  await typeIn('Name of the address (e.g. Warehouse)', values.label);
  await typeIn('Company or consignee', values.company);
  await typeIn('Street address', values.line1);
  await typeIn('City', values.city);
  if (values.region) await userEvent.selectOptions(f.getByLabelText('Province'), values.region);
  await typeIn('Postal code', values.postal_code);
  return f;
}

/** Opens the add form once the book is shown, fills in a Québec depot and saves it. */
async function saveNewDepot(postalCode: string) {
  await screen.findByRole('listitem', { name: 'Shipping address' });
  const form = await fillNewAddress({
    label: 'Depot',
    company: 'Maple Yarns',
    line1: '1 rue Principale',
    city: 'Québec',
    region: 'QC',
    postal_code: postalCode,
  });
  await userEvent.click(form.getByRole('button', { name: 'Save address' }));
  return form;
}

describe('AddressBookPage', () => {
  it('lists the addresses with their marks, and says why one cannot be removed', async () => {
    renderSignedIn(<AddressBookPage />, {
      'GET /api/me/addresses': () => book([home, billing, depot, spare]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My addresses' })).toBeVisible();
    await screen.findByRole('listitem', { name: 'Spare' });
    expect(within(card('Shipping address')).getByText('Default ship-to')).toBeVisible();
    expect(
      within(card('Billing address')).getByText('Billing address', { selector: 'span' }),
    ).toBeVisible();
    expect(
      within(card('Shipping address')).getByText(
        'Make another address the default to remove this one',
      ),
    ).toBeVisible();
    expect(
      within(card('Billing address')).getByText('The billing address cannot be removed'),
    ).toBeVisible();
    expect(within(card('Depot')).getByText('Open orders shipping here: 2')).toBeVisible();
    expect(
      within(card('Depot')).getByText('Cannot be removed while an open order ships here'),
    ).toBeVisible();
    expect(within(card('Depot')).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(card('Spare')).getByRole('button', { name: 'Remove Spare' })).toBeEnabled();
  });

  it('checks the postal code against the province before sending, in the reader’s language', async () => {
    await i18n.changeLanguage('fr');
    try {
      const calls = renderSignedIn(<AddressBookPage />, {
        'GET /api/me/addresses': () => book([home]),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une adresse' }));
      const form = within(screen.getByRole('form', { name: 'Nouvelle adresse' }));
      await userEvent.type(form.getByLabelText('Nom de l’adresse (p. ex. Entrepôt)'), 'Dépôt');
      await userEvent.type(form.getByLabelText('Entreprise ou destinataire'), 'Maple');
      await userEvent.type(form.getByLabelText('Adresse'), '1 rue Principale');
      await userEvent.type(form.getByLabelText('Ville'), 'Québec');
      await userEvent.selectOptions(form.getByLabelText('Province'), 'QC');
      await userEvent.type(form.getByLabelText('Code postal'), 'm5x 1a9');
      await userEvent.click(form.getByRole('button', { name: 'Enregistrer l’adresse' }));
      expect(
        await form.findByText('Le code postal n’appartient pas à la province choisie'),
      ).toBeVisible();
      expect(form.getByLabelText('Code postal')).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a new address at once, then the server’s book, with a toast', async () => {
    const answer = deferred<Response>();
    const calls = renderSignedIn(<AddressBookPage />, {
      'GET /api/me/addresses': () => book([home]),
      'POST /api/me/addresses': () => answer.promise,
    });
    await saveNewDepot('g1r4p5');
    // Optimistic: the card is there before the server answers, its buttons not yet usable.
    expect(await screen.findByRole('listitem', { name: 'Depot' })).toBeVisible();
    expect(within(card('Depot')).getByText(/G1R 4P5/)).toBeVisible();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      label: 'Depot',
      region: 'QC',
      postal_code: 'G1R 4P5',
      line2: null,
    });
    answer.resolve(book([home, { ...depot, label: 'Depot', open_orders: 0, id: 9 }]));
    expect(await screen.findByText('Address added')).toBeVisible();
    await waitFor(() =>
      expect(within(card('Depot')).getByRole('button', { name: 'Remove Depot' })).toBeEnabled(),
    );
  });

  it('puts the server’s field message under its field when an add is refused', async () => {
    renderSignedIn(<AddressBookPage />, {
      'GET /api/me/addresses': () => book([home]),
      'POST /api/me/addresses': () => validationFailed({ city: 'City is required' }),
    });
    const form = await saveNewDepot('G1R 4P5');
    expect(await form.findByText('City is required')).toBeVisible();
    // Rolled back: no Depot card, the form still open.
    expect(screen.queryByRole('listitem', { name: 'Depot' })).toBeNull();
  });

  it('makes an address the default at once and rolls back with the reason when refused', async () => {
    renderRefusingOnSpare('POST /api/me/addresses/4/default', 404, {
      code: 'NOT_FOUND',
      message: 'No such address',
      reason: { key: 'ADDRESS_NOT_FOUND' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make default Spare' }));
    expect(await screen.findByText('No such address')).toBeVisible();
    await waitFor(() =>
      expect(within(card('Shipping address')).getByText('Default ship-to')).toBeVisible(),
    );
    expect(within(card('Spare')).queryByText('Default ship-to')).toBeNull();
  });

  it('removes an unused address after confirming, and puts it back when the server refuses', async () => {
    renderRefusingOnSpare('DELETE /api/me/addresses/4', 409, {
      code: 'CONFLICT',
      message: 'in use',
      reason: { key: 'ADDRESS_IN_USE', params: { count: 1 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Spare' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove the address “Spare”?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(/This address cannot be removed while open orders ship to it \(1\)/),
    ).toBeVisible();
    expect(await screen.findByRole('listitem', { name: 'Spare' })).toBeVisible();
  });
});
