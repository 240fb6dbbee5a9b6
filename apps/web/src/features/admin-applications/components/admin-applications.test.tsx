import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { ApplicationDetail } from './application-detail';
import { ApplicationsList } from './applications-list';

const summary = {
  id: 12,
  status: 'pending',
  country: 'ca',
  company_name: 'Maple Yarns Inc.',
  owner_name: 'Marie Owner',
  email: 'marie@example.com',
  lang: 'fr',
  created_at: '2026-11-20T15:00:00.000Z',
  reviewed_at: null,
};

/** GET /api/admin/applications/12 as staff see it: a pending application, `sent` as given. */
const application12 = (
  sent: { form?: object; officers?: object[]; status?: string; customer_code?: string } = {},
) => ({
  status: true,
  data: {
    ...summary,
    form: {},
    officers: [],
    trade: [],
    reviewed_by: null,
    rejection_reason: null,
    customer_code: null,
    ...sent,
  },
});

const renderApplication12 = () =>
  renderRoutes(
    [{ path: '/admin/applications/:id', element: <ApplicationDetail id="12" /> }],
    '/admin/applications/12',
  );

describe('staff applications', () => {
  it('lists applications and sends the status, country and search filters', async () => {
    const { calls } = stubFetch({
      '/api/admin/applications': () => onePage([summary]),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/applications', element: <ApplicationsList /> }],
      '/admin/applications',
    );
    expect(
      await screen.findByRole('link', { name: 'Open application 12 from Maple Yarns Inc.' }),
    ).toHaveAttribute('href', '/admin/applications/12');
    expect(calls[0].url.searchParams.get('status')).toBe('pending');
    await user.selectOptions(screen.getByLabelText('Country'), 'usa');
    await user.type(screen.getByLabelText('Search applications'), 'maple');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = calls[calls.length - 1].url.searchParams;
      expect([last.get('country'), last.get('search')]).toEqual(['usa', 'maple']);
    });
  });

  it('shows the decrypted application and approves it', async () => {
    const { calls } = stubFetch({
      '/api/admin/applications/12/approve': () => ({
        status: true,
        data: { user_id: 40, customer_code: 'CA100040' },
      }),
      '/api/admin/applications/12': () =>
        application12({
          form: {
            company_name: 'Maple Yarns Inc.',
            bank_account_number: '00123-004',
            card_type: 'visa',
            businessRegistered: ['corporation'],
          },
          officers: [{ name: 'Marie Owner', title: 'President', address: '12 Elm' }],
        }),
    });
    const user = userEvent.setup();
    renderApplication12();
    expect(await screen.findByText('00123-004')).toBeInTheDocument();
    expect(screen.getByText('Corporation')).toBeInTheDocument();
    expect(screen.getByText('Marie Owner · President · 12 Elm')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve and create the account' }));
    const question = await screen.findByRole('alertdialog', {
      name: /Create the customer account for .* and e-mail .* a link to choose a password\?/,
    });
    await user.click(
      within(question).getByRole('button', { name: 'Approve and create the account' }),
    );
    expect(await screen.findByText(/Approved: customer CA100040 created/)).toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.url.pathname === '/api/admin/applications/12/approve' && c.init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("links an approved application's customer code to the customer, found by that code", async () => {
    stubFetch({
      '/api/admin/applications/12': () =>
        application12({ status: 'approved', customer_code: 'CA100040' }),
    });
    renderApplication12();
    expect(await screen.findByRole('link', { name: 'CA100040' })).toHaveAttribute(
      'href',
      '/admin/customers?q=CA100040',
    );
  });

  it('asks for a reason before rejecting', async () => {
    const { calls } = stubFetch({
      '/api/admin/applications/12/reject': () => ({ status: true }),
      '/api/admin/applications/12': () => application12(),
    });
    const user = userEvent.setup();
    renderApplication12();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Reject the application' }));
    expect(await screen.findByText('Please give a reason for the rejection')).toBeInTheDocument();
    expect(screen.getByLabelText(/Reason for the rejection/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Reason for the rejection/), 'References not verified');
    await user.click(screen.getByRole('button', { name: 'Reject the application' }));
    await waitFor(() => {
      const post = calls.find((c) => c.url.pathname.endsWith('/reject'));
      expect(JSON.parse(String(post?.init?.body))).toEqual({ reason: 'References not verified' });
    });
  });
});
