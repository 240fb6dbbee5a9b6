import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { apiError, bodyOf, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { CatalogueStructurePage } from './catalogue-structure-page';

beforeAll(() => preloadTranslations(['admin-catalogue', 'errors', 'common'], ['en', 'fr', 'es']));
afterEach(() => i18n.changeLanguage('en'));

const cat = (id: number, code: string, over: Partial<AdminCategory> = {}): AdminCategory => ({
  id,
  parent_id: null,
  level: 1,
  code,
  name_en: `${code} en`,
  name_fr: `${code} fr`,
  name_es: `${code} es`,
  sort_order: id,
  hidden: false,
  products: 0,
  children: 0,
  ...over,
});

const CATEGORIES = [
  cat(1, 'BT', { children: 1 }),
  cat(2, 'TH', { products: 4, hidden: true }),
  cat(3, 'ZP'),
  cat(4, 'BT-WD', { parent_id: 1, level: 2, products: 2 }),
];

function setup(answer?: (url: URL, init?: RequestInit) => unknown) {
  signInStaff(['content']);
  const { writes } = stubFetch({
    '/api/admin/catalogue/categories': (url, init) =>
      init?.method && init.method !== 'GET' && answer
        ? answer(url, init)
        : { categories: CATEGORIES },
  });
  renderRoutes(
    [{ path: '/admin/catalogue/structure', element: <CatalogueStructurePage /> }],
    '/admin/catalogue/structure',
  );
  return { writes };
}

describe('catalogue structure screen', () => {
  it('shows a loading state, then the tree in order with hidden ones marked', async () => {
    setup();
    expect(screen.getByText('Loading…')).toHaveAttribute('aria-busy', 'true');
    const tree = await screen.findByRole('list', { name: 'Categories' });
    const tops = within(tree)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === tree);
    expect(tops.map((li) => li.querySelector('strong')?.textContent)).toEqual(['BT', 'TH', 'ZP']);
    expect(within(tops[0]).getByText('BT-WD')).toBeInTheDocument();
    expect(within(tops[1]).getByText(/hidden/)).toBeInTheDocument();
  });

  it('moves with keyboard-reachable buttons: the first cannot go up, the last cannot go down', async () => {
    const { writes } = setup(() => ({ categories: CATEGORIES }));
    const user = userEvent.setup();
    const up = await screen.findByRole('button', { name: 'Move BT en up' });
    expect(up).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move ZP en down' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move TH en down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/admin/catalogue/categories/2/move');
    expect(bodyOf(writes()[0].init)).toEqual({ direction: 'down' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('retiring a category with products asks where they go, among categories of its level only', async () => {
    const { writes } = setup(() => ({ moved: 4, to: 'ZP' }));
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Categories' });
    const th = screen.getByText('TH').closest('li')!;
    await user.click(within(th).getByRole('button', { name: 'Retire' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire TH en' });
    expect(dialog).toHaveTextContent('It holds 4 products');
    const confirm = within(dialog).getByRole('button', { name: 'Retire' });
    expect(confirm).toBeDisabled();
    const target = within(dialog).getByLabelText('Move the products to');
    const options = within(target)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'BT — BT en', 'ZP — ZP en']);
    await user.selectOptions(target, '3');
    await user.click(confirm);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/admin/catalogue/categories/2/retire');
    expect(bodyOf(writes()[0].init)).toEqual({ move_to: 3 });
  });

  it('a category with sub-categories cannot be retired from the screen', async () => {
    const { writes } = setup();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Categories' });
    const bt = screen.getByText('BT').closest('li')!;
    const buttons = within(bt).getAllByRole('button', { name: 'Retire' });
    await user.click(buttons[0]);
    expect(screen.getByRole('alert')).toHaveTextContent('has 1 category under it');
    expect(writes()).toEqual([]);
  });

  it('adds a category and says a used code in French', async () => {
    await i18n.changeLanguage('fr');
    const { writes } = setup(() =>
      apiError(409, {
        code: 'CONFLICT',
        message: 'The code BT is already used',
        fields: { code: 'The code BT is already used' },
        reason: { key: 'CODE_TAKEN', params: { code: 'BT' } },
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Catégories' });
    await user.type(screen.getByLabelText('Code'), 'BT');
    await user.type(screen.getByLabelText('Nom (EN)'), 'Buttons');
    await user.type(screen.getByLabelText('Nom (FR)'), 'Boutons');
    await user.type(screen.getByLabelText('Nom (ES)'), 'Botones');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(bodyOf(writes()[0].init)).toEqual({
      code: 'BT',
      parent_id: null,
      name_en: 'Buttons',
      name_fr: 'Boutons',
      name_es: 'Botones',
    });
    expect(await screen.findByText('Le code BT est déjà utilisé')).toBeInTheDocument();
  });
});
