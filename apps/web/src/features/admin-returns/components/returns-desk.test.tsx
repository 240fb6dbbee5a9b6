import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReturn } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { ReturnsDesk } from './returns-desk';

beforeAll(() => preloadTranslations(['admin-returns', 'staff', 'errors', 'common']));

const requested: AdminReturn = {
  id: 12,
  order_id: 501,
  country: 'ca',
  status: 'requested',
  reason: 'Wrong colour',
  staff_note: null,
  created_at: '2026-11-20T15:00:00.000Z',
  decided_at: null,
  received_at: null,
  restocked: false,
  subtotal_cents: 4000,
  lines: [
    {
      order_line_id: 7,
      product_code: 'YARN',
      name: 'Yarn',
      quantity: 2,
      ship_pack: 2,
      unit_price_cents: 1000,
      line_total_cents: 4000,
    },
  ],
  credit_note: null,
  customer: {
    id: 40,
    name: 'Julien Gagnon',
    company: 'Mercerie Gagnon',
    email: 'j@example.com',
    lang: 'fr',
  },
  allowed: ['authorised', 'refused'],
};
const authorised: AdminReturn = {
  ...requested,
  id: 13,
  status: 'authorised',
  allowed: ['received'],
};

function renderDesk(rows: AdminReturn[]) {
  const posts: Array<{ path: string; body: unknown }> = [];
  const { calls } = stubFetch({
    '/api/admin/returns': (url, init) => {
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return { status: true, data: rows[0] };
      }
      return { ...onePage(rows), counts: { requested: 1, authorised: 1 } };
    },
  });
  renderRoutes([{ path: '/admin/returns', element: <ReturnsDesk /> }], '/admin/returns');
  return { posts, calls };
}

describe('/admin/returns', () => {
  it('lets credit staff authorise a requested return with a note, and filters by status', async () => {
    signInStaff(['credit']);
    const { posts, calls } = renderDesk([requested]);
    const row = await screen.findByTestId('return-12');
    expectLink(within(row), 'Mercerie Gagnon', '/admin/customers/40');
    expectLink(within(row), 'Order #501', '/admin/orders/501');
    expect(within(row).getByText('2 ship packs of YARN')).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.url.pathname === '/api/admin/returns');
    expect(lists()[0].url.searchParams.get('status')).toBe('requested');
    const user = userEvent.setup();
    await user.type(within(row).getByLabelText('Note for the customer (optional)'), 'RMA 88');
    await user.click(within(row).getByRole('button', { name: 'Authorise' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { path: '/api/admin/returns/12/authorise', body: { note: 'RMA 88' } },
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await waitFor(() => expect(lists().at(-1)?.url.searchParams.has('status')).toBe(false));
  });

  it('lets the warehouse receive an authorised return, restocking by choice, but not decide', async () => {
    signInStaff(['orders']);
    const { posts } = renderDesk([authorised, requested]);
    const row = await screen.findByTestId('return-13');
    expect(within(await screen.findByTestId('return-12')).queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    const restock = within(row).getByLabelText('Put the ship packs back in stock');
    expect(restock).toBeChecked();
    await user.click(restock);
    await user.click(within(row).getByRole('button', { name: 'Receive' }));
    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/admin/returns/13/receive', body: { restock: false } }]),
    );
  });

  it('asks before refusing a return, and refuses nothing on Cancel', async () => {
    signInStaff(['credit']);
    const { posts } = renderDesk([requested]);
    const row = await screen.findByTestId('return-12');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Refuse' }));
    const question =
      'Refuse return #12 of Mercerie Gagnon? A refused return cannot be authorised later; the customer sees the refusal and your note.';
    await user.click(
      within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(posts).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Refuse' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/admin/returns/12/refuse', body: {} }]),
    );
  });
});
