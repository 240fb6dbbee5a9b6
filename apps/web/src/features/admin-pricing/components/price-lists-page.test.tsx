import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCustomerGroup,
  AdminPriceEntry,
  AdminPriceImportResult,
  AdminPriceList,
} from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { bodyOf, onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { PriceListsPage } from './price-lists-page';

beforeAll(() => preloadTranslations(['admin-pricing', 'errors', 'common'], ['en', 'fr', 'es']));
afterEach(() => i18n.changeLanguage('en'));

const LIST: AdminPriceList = {
  id: 7,
  name: 'Contractors',
  currency: 'CAD',
  active: true,
  entries: 2,
  assignments: [
    { id: 1, assignee: 'customer', customer_id: 5, group_id: null, label: 'C001 — Acme' },
  ],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const GROUP: AdminCustomerGroup = { id: 3, name: 'Chains', members: 4, lists: 1 };
const ENTRIES: AdminPriceEntry[] = [
  {
    id: 11,
    target: 'product',
    code: 'BT-1',
    label: 'Buttons',
    min_packs: 10,
    kind: 'fixed',
    unit_cents: 199,
    basis_points: null,
    starts_on: null,
    ends_on: null,
  },
  {
    id: 12,
    target: 'brand',
    code: 'Maple Notions',
    label: 'Maple Notions',
    min_packs: 1,
    kind: 'percent_off',
    basis_points: 1250,
    unit_cents: null,
    starts_on: '2026-01-01',
    ends_on: '2026-03-31',
  },
];
const IMPORTED: AdminPriceImportResult = {
  dry_run: true,
  rows: 3,
  created: 1,
  changed: 1,
  unchanged: 0,
  removed: 0,
  refused: 1,
  refusals: [
    {
      row: 4,
      column: 'code',
      value: 'NOPE',
      message: 'sku NOPE is not a product of this store',
    },
  ],
  changes: [
    { row: 2, action: 'create', target: 'product', code: 'BT-2', min_packs: 1, starts_on: null },
  ],
};

function setup(path = '/admin/prices?list=7', write?: (url: URL, init?: RequestInit) => unknown) {
  signInStaff(['content']);
  const { writes } = stubFetch({
    '/api/admin/price-lists': (url, init) => {
      if (init?.method && init.method !== 'GET') return write ? write(url, init) : LIST;
      if (url.pathname.endsWith('/entries')) return onePage(ENTRIES, 50);
      return { lists: [LIST] };
    },
    '/api/admin/customer-groups': () => ({ groups: [GROUP] }),
    '/api/admin/pricing/customers': () => ({
      customers: [
        {
          id: 9,
          customer_code: 'C009',
          company_name: 'Bolt Ltd',
          owner_name: null,
          email: 'b@example.com',
          country: 'ca',
        },
      ],
    }),
  });
  renderRoutes([{ path: '/admin/prices', element: <PriceListsPage /> }], path);
  return { writes };
}

describe('price lists screen', () => {
  it('shows a loading state, then the lists with entry counts and who each is given to', async () => {
    setup('/admin/prices');
    expect(screen.getByText('Loading…')).toHaveAttribute('aria-busy', 'true');
    const table = await screen.findByRole('table', { name: 'Every price list' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Contractors');
    expect(row).toHaveTextContent('CAD');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('2');
    expect(row).toHaveTextContent('C001 — Acme');
    expect(screen.getByRole('region', { name: 'Every price list' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.queryByRole('heading', { name: 'Price list Contractors' })).toBeNull();
  });

  it('opens a list: its entries with prices and dates, in a keyboard-reachable table', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Price list Contractors' }),
    ).toBeInTheDocument();
    const entries = await screen.findByRole('table', { name: 'Entries of the list' });
    const rows = within(entries).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BT-1');
    expect(rows[1]).toHaveTextContent('CA$1.99');
    expect(rows[2]).toHaveTextContent('12.5 % off');
    expect(rows[2]).toHaveTextContent('2026-01-01 to 2026-03-31');
    expect(screen.getByRole('region', { name: 'Entries of the list' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('adds an entry from the form, as the API takes it, and says it is saved', async () => {
    const { writes } = setup('/admin/prices?list=7', () => ENTRIES[0]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add an entry' });
    await user.selectOptions(within(form).getByLabelText('Applies to'), 'category');
    await user.type(within(form).getByLabelText('Code'), 'BT');
    await user.clear(within(form).getByLabelText('From ship packs'));
    await user.type(within(form).getByLabelText('From ship packs'), '5');
    await user.click(within(form).getByLabelText('% off the catalogue price'));
    await user.type(within(form).getByLabelText('Percent off'), '7.5');
    await user.type(within(form).getByLabelText('First day (optional)'), '2026-02-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/admin/price-lists/7/entries');
    expect(bodyOf(writes()[0].init)).toEqual({
      target: 'category',
      code: 'BT',
      min_packs: 5,
      kind: 'percent_off',
      basis_points: 750,
      starts_on: '2026-02-01',
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('renames the list with a PATCH of its name, then closes the form', async () => {
    const { writes } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const form = screen.getByRole('form', { name: 'Rename' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Contractors');
    await user.clear(name);
    await user.type(name, 'Trade');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].init?.method).toBe('PATCH');
    expect(writes()[0].url.pathname).toBe('/api/admin/price-lists/7');
    expect(bodyOf(writes()[0].init)).toEqual({ name: 'Trade' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Rename' })).toBeNull());
  });

  it('edits an entry from its row, and removes one only once the question is confirmed', async () => {
    const { writes } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the entry BT-1' }));
    expect(screen.getByRole('form', { name: 'Edit the entry BT-1' })).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove the entry BT-1' });
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(writes()).toHaveLength(0);
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove the entry for BT-1?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].init?.method).toBe('DELETE');
    expect(writes()[0].url.pathname).toBe('/api/admin/price-lists/7/entries/11');
    expect(await screen.findByText('Entry removed')).toBeInTheDocument();
  });

  it('says a refused entry in the staff member’s language (an unknown SKU, in Spanish)', async () => {
    await i18n.changeLanguage('es');
    setup(
      '/admin/prices?list=7',
      () =>
        new Response(
          JSON.stringify({
            status: false,
            error: {
              code: 'VALIDATION_FAILED',
              message: 'No product has the SKU ZZ',
              fields: { code: 'No product has the SKU ZZ' },
              reason: { key: 'PRICE_SKU_UNKNOWN', params: { code: 'ZZ' } },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Añadir una entrada' });
    await user.type(within(form).getByLabelText('Código'), 'ZZ');
    await user.type(within(form).getByLabelText('Precio unitario'), '1');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ningún producto tiene el SKU ZZ')).toBeInTheDocument();
  });

  it('gives the list to a customer found by code, and to a group', async () => {
    const { writes } = setup();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Price list Contractors' });
    const search = screen.getAllByLabelText('Find a customer (code, company, owner or e-mail)')[0];
    await user.type(search, 'C00');
    await user.click(
      await screen.findByRole('button', { name: 'Give the list to C009 — Bolt Ltd' }),
    );
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/admin/price-lists/7/assignments');
    expect(bodyOf(writes()[0].init)).toEqual({ customer_code: 'C009' });
    await user.selectOptions(screen.getByLabelText('Group'), '3');
    await user.click(screen.getByRole('button', { name: 'Give' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(bodyOf(writes()[1].init)).toEqual({ group_id: 3 });
    await user.click(screen.getByRole('button', { name: 'Stop giving the list to C001 — Acme' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2].url.pathname).toBe('/api/admin/price-lists/7/assignments/1');
    expect(writes()[2].init?.method).toBe('DELETE');
  });

  it('dry-runs a file and shows what would change and the refused rows, translated', async () => {
    await i18n.changeLanguage('fr');
    const { writes } = setup('/admin/prices?list=7', () => IMPORTED);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Liste de prix Contractors' });
    expectLink(screen, 'Exporter en XLSX', '/api/admin/price-lists/7/export?format=xlsx');
    expect(screen.getByLabelText(/Essai/)).toBeChecked();
    const file = new File(['target,code\n'], 'prix.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Fichier (.csv ou .xlsx)'), file);
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const form = writes()[0].init?.body as FormData;
    expect(form.get('dry_run')).toBe('true');
    expect(form.get('replace')).toBe('false');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Essai, rien n’a changé. À ajouter : 1 ; à modifier : 1',
    );
    const refused = screen.getByRole('table', { name: /Lignes refusées/ });
    expect(refused).toHaveTextContent('le sku NOPE n’est pas un produit de la boutique');
    expect(screen.getByRole('table', { name: /Ajoutées ou modifiées/ })).toHaveTextContent('BT-2');
  });

  it('adds a customer group', async () => {
    const { writes } = setup('/admin/prices', () => GROUP);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a group' });
    await user.type(within(form).getByLabelText('Name'), 'Co-ops');
    await user.click(within(form).getByRole('button', { name: 'Add the group' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/admin/customer-groups');
    expect(bodyOf(writes()[0].init)).toEqual({ name: 'Co-ops' });
  });
});
