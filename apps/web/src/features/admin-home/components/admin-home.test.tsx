import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { GO_LIVE_STEPS, goLiveChecklist, type AdminHomeDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { apiError, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { AdminHome } from './admin-home';

beforeAll(() => preloadTranslations(['admin-home', 'orders', 'errors', 'common', 'staff']));

const none = Object.fromEntries(GO_LIVE_STEPS.map((s) => [s, false])) as Record<
  (typeof GO_LIVE_STEPS)[number],
  boolean
>;

const parts: Required<Omit<AdminHomeDto, 'sections'>> = {
  checklist: goLiveChecklist({ ...none, categories: true, products: true }),
  deliveries: {
    mail_configured: false,
    mails_waiting: 4,
    mails_failed: 1,
    failed_mails: [
      {
        id: 77,
        to: 'marie@shop.example',
        subject: 'Choose your password',
        template: 'password-set',
        attempts: 8,
        last_error: '550 mailbox unavailable',
        created_at: '2026-11-20T15:00:00.000Z',
      },
    ],
    webhooks_failed: 2,
    webhooks_paused: 0,
  },
  applications: { pending: 3, oldest_at: '2026-11-18T09:00:00.000Z' },
  credit: { orders_waiting: 2 },
  orders: {
    to_accept: 2,
    to_ship: 5,
    next: [
      {
        id: 1042,
        status: 'accepted',
        customer: 'Mercerie Gagnon',
        requested_ship_date: '2026-12-01',
        created_at: '2026-11-20T15:00:00.000Z',
      },
      {
        id: 1043,
        status: 'placed',
        customer: 'Notions Shop',
        requested_ship_date: null,
        created_at: '2026-11-21T15:00:00.000Z',
      },
    ],
  },
  imports: {
    running: 1,
    failed: 1,
    latest: [
      {
        id: 9,
        status: 'failed',
        file_name: 'autumn.csv',
        created_at: '2026-11-20T15:00:00.000Z',
        error: 'The file is not a CSV',
      },
    ],
  },
};

/** The home as the server answers a staff member whose roles open `sections`. */
function answerFor(sections: AdminHomeDto['sections']): AdminHomeDto {
  return { sections, ...Object.fromEntries(sections.map((s) => [s, parts[s]])) };
}

function renderHome(home: AdminHomeDto, retry?: () => Response | object) {
  const { calls } = stubFetch({
    '/api/admin/home': () => ({ status: true, data: home }),
    '/api/admin/mails': () => retry?.() ?? { status: true },
  });
  renderRoutes([{ path: '/admin', element: <AdminHome /> }], '/admin');
  return calls;
}

describe('/admin: the back-office home', () => {
  it('orders staff see the orders to accept and ship, soonest ship date first, and nothing else', async () => {
    signInStaff(['orders']);
    renderHome(answerFor(['orders']));
    const card = await screen.findByRole('region', { name: 'Orders to work' });
    expect(within(card).getByText('2 orders to accept')).toBeInTheDocument();
    expect(within(card).getByText('5 orders to ship')).toBeInTheDocument();
    const rows = within(card).getAllByRole('row').slice(1);
    expectLink(within(rows[0]), 'Order #1042', '/admin/orders/1042');
    expect(within(rows[1]).getByText('Not given')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credit applications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Before going live' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Mail is not configured/)).not.toBeInTheDocument();
  });

  it('credit staff see the applications waiting, linked to the list', async () => {
    signInStaff(['credit']);
    renderHome(answerFor(['applications', 'credit']));
    const card = await screen.findByRole('region', { name: 'Credit applications' });
    expect(card).toHaveTextContent('3 applications wait for a decision.');
    expectLink(within(card), 'Open the applications', '/admin/applications');
    expect(screen.queryByRole('region', { name: 'Orders to work' })).not.toBeInTheDocument();
  });

  it('credit staff see how many orders wait for credit, linked to Receivables where they are listed', async () => {
    signInStaff(['credit']);
    renderHome(answerFor(['applications', 'credit']));
    const card = await screen.findByRole('region', { name: 'Orders waiting for credit' });
    expect(
      within(card).getByText('2 orders wait for a deposit or a credit hold decision'),
    ).toHaveAttribute('data-alert', 'true');
    expect(
      within(card).getByRole('link', { name: 'Open the orders waiting for credit' }),
    ).toHaveAttribute('href', '/admin/receivables');
  });

  it('says when no order waits for credit, without the alert', async () => {
    signInStaff(['credit']);
    renderHome({ sections: ['credit'], credit: { orders_waiting: 0 } });
    const card = await screen.findByRole('region', { name: 'Orders waiting for credit' });
    expect(
      within(card).getByText('0 orders wait for a deposit or a credit hold decision'),
    ).toHaveAttribute('data-alert', 'false');
  });

  it('content staff see the imports running or failed, with the error', async () => {
    signInStaff(['content']);
    renderHome(answerFor(['imports']));
    const card = await screen.findByRole('region', { name: 'Catalogue imports' });
    expect(card).toHaveTextContent('1 import queued or running');
    expect(card).toHaveTextContent('autumn.csv');
    expect(card).toHaveTextContent('The file is not a CSV');
  });

  it('an admin sees the mail banner, the checklist with a link per step, and every part', async () => {
    signInStaff(['admin']);
    renderHome(
      answerFor(['checklist', 'deliveries', 'applications', 'credit', 'orders', 'imports']),
    );
    expect(
      await screen.findByText('Mail is not configured: no e-mail leaves the store.'),
    ).toBeVisible();
    const checklist = screen.getByRole('region', { name: 'Before going live' });
    expect(checklist).toHaveTextContent('2 of 6 steps done.');
    const items = within(checklist).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Store identity set (name, addresses, contacts) (to do)');
    expect(
      within(items[0]).getByRole('link', {
        name: 'Open: Store identity set (name, addresses, contacts)',
      }),
    ).toHaveAttribute('href', '/admin/settings');
    expect(items[1]).toHaveTextContent('(done)');
    for (const name of [
      'Mails and webhooks',
      'Credit applications',
      'Orders waiting for credit',
      'Orders to work',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('no banner once mail is configured', async () => {
    signInStaff(['admin']);
    renderHome({
      sections: ['deliveries'],
      deliveries: { ...parts.deliveries, mail_configured: true },
    });
    const card = await screen.findByRole('region', { name: 'Mails and webhooks' });
    expect(card).toHaveTextContent('Mail configured: the server sends mails');
    expect(screen.queryByText(/Mail is not configured/)).not.toBeInTheDocument();
  });

  const RETRY_MARIE = 'Send the mail to marie@shop.example again';
  const retryMarie = async () =>
    userEvent.setup().click(await screen.findByRole('button', { name: RETRY_MARIE }));

  it('sends a failed mail again, with a toast', async () => {
    signInStaff(['admin']);
    const calls = renderHome(answerFor(['deliveries']));
    await retryMarie();
    expect(
      await screen.findByText('The mail to marie@shop.example is queued again.'),
    ).toBeVisible();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/mails/77/retry');
  });

  it('puts the failed mail back and says why when the server refuses', async () => {
    signInStaff(['admin']);
    renderHome(answerFor(['deliveries']), () =>
      apiError(409, {
        code: 'CONFLICT',
        message: 'Only a failed mail can be sent again; this one is pending',
        reason: { key: 'MAIL_NOT_FAILED', params: { status: 'pending' } },
      }),
    );
    await retryMarie();
    expect(
      await screen.findByText('Only a failed mail can be sent again; this one is pending'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: RETRY_MARIE })).toBeInTheDocument(),
    );
  });

  it('says what failed when the home cannot load', async () => {
    signInStaff(['orders']);
    stubFetch({
      '/api/admin/home': () => apiError(403, { code: 'FORBIDDEN', message: 'Forbidden' }),
    });
    renderRoutes([{ path: '/admin', element: <AdminHome /> }], '/admin');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
