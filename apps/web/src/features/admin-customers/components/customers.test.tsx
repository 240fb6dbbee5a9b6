import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetailDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { retype } from '@/test/forms';
import { expectLink } from '@/test/links';
import { stubStaffResource } from '@/test/staff-resource';
import { CustomerDetail } from './customer-detail';
import { CustomersList } from './customers-list';

beforeAll(() =>
  preloadTranslations(['admin-people', 'staff', 'orders', 'errors', 'common', 'admin-orders']),
);

const detail: CustomerDetailDto = {
  id: 40,
  email: 'julien@example.com',
  name: 'Julien Gagnon',
  company_name: 'Mercerie Gagnon',
  customer_code: 'CA100002',
  country: 'ca',
  lang: 'fr',
  active: true,
  last_sign_in_at: '2026-11-20T15:00:00.000Z',
  staff_note: null,
  created_at: '2026-01-05T10:00:00.000Z',
  order_count: 1,
  last_orders: [
    { id: 501, status: 'shipped', total_cents: 12345, created_at: '2026-11-01T10:00:00.000Z' },
  ],
  favourites_count: 3,
  application: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The customer API keeping one customer in memory; `refuse` may answer a PATCH instead. */
function stubCustomerApi(refuse?: (body: Record<string, unknown>) => Response | undefined) {
  let customer = { ...detail };
  return stubStaffResource(
    '/api/admin/customers/40',
    () => customer,
    (method, url, body) => {
      const refusal = method === 'PATCH' ? refuse?.(body) : undefined;
      if (refusal) return refusal;
      if (url.pathname.endsWith('/deactivate')) customer = { ...customer, active: false };
      else if (url.pathname.endsWith('/reactivate')) customer = { ...customer, active: true };
      else if (method === 'PATCH') customer = { ...customer, ...body };
      return customer;
    },
  );
}
const renderDetail = () =>
  renderRoutes(
    [{ path: '/admin/customers/:id', element: <CustomerDetail customerId={40} /> }],
    '/admin/customers/40',
  );

/** Answers the confirm dialog that asks `question` with its confirming button. */
async function answer(user: ReturnType<typeof userEvent.setup>, question: string | RegExp) {
  const dialog = await screen.findByRole('alertdialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('/admin/customers', () => {
  it('searches by the text typed and links each customer to their page', async () => {
    signInStaff(['credit']);
    const { calls } = stubFetch({
      '/api/admin/customers': () =>
        onePage([
          detail,
          { ...detail, id: 41, company_name: null, name: 'Solo Buyer', active: false },
        ]),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/customers', element: <CustomersList /> }], '/admin/customers');
    expect(await screen.findByRole('link', { name: 'Mercerie Gagnon' })).toHaveAttribute(
      'href',
      '/admin/customers/40',
    );
    expectLink(screen, 'Solo Buyer', '/admin/customers/41');
    expect(screen.getByText('2 customers')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search customers'), 'CA100002');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('q')).toBe('CA100002'));
  });

  it('shows the customer and deactivates then reactivates them after confirmation', async () => {
    signInStaff(['credit']);
    const writes = stubCustomerApi();
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Mercerie Gagnon' })).toBeInTheDocument();
    expect(screen.getByText('julien@example.com')).toBeInTheDocument();
    expectLink(screen, 'Order #501', '/admin/orders/501');
    expect(screen.getByTestId('customer-state')).toHaveTextContent('Active');

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await answer(
      user,
      'Deactivate julien@example.com? They are signed out at once and cannot sign in until reactivated.',
    );
    expect(await screen.findByText('julien@example.com is deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('customer-state')).toHaveTextContent('Inactive'));
    expect(screen.getByRole('button', { name: 'Send a password-reset link' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    await answer(user, /^Reactivate julien@example.com/);
    expect(await screen.findByText('julien@example.com is reactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('customer-state')).toHaveTextContent('Active'));
    expect(writes.map((w) => w.path)).toEqual([
      '/api/admin/customers/40/deactivate',
      '/api/admin/customers/40/reactivate',
    ]);
  });

  it('saves country, code and note, and names the refused field', async () => {
    signInStaff(['credit']);
    const writes = stubCustomerApi((body) =>
      body.customer_code === 'CA100001'
        ? json(409, {
            status: false,
            error: {
              code: 'CONFLICT',
              message: 'Another customer already has the customer code CA100001',
              reason: { key: 'CUSTOMER_CODE_TAKEN', params: { code: 'CA100001' } },
              fields: { customer_code: 'Another customer already has the customer code CA100001' },
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    const code = await screen.findByLabelText('Customer code');
    await retype(code, 'CA100001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(
      'Another customer already has the customer code CA100001',
    );
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'false');

    await retype(code, 'C20002');
    await user.selectOptions(screen.getByLabelText('Country'), 'us');
    await user.type(screen.getByLabelText('Staff note'), 'Calls on Mondays');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answer(user, /./);
    expect(await screen.findByText('Customer saved')).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/admin/customers/40',
      body: { country: 'us', customer_code: 'C20002', staff_note: 'Calls on Mondays' },
    });
  });

  it('is read-only for the orders role, with a way to take a phone order', async () => {
    signInStaff(['orders']);
    stubCustomerApi();
    renderDetail();
    expect(
      await screen.findByText('Your role lets you read this customer, not change it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByLabelText('Customer code')).toBeNull();
    expectLink(screen, 'Take a phone order', '/admin/orders/phone/40');
  });
});
