import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffMemberDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { stubStaffResource } from '@/test/staff-resource';
import { StaffPage } from './staff-page';

beforeAll(() => preloadTranslations(['admin-people', 'staff', 'errors', 'common']));

const member = (over: Partial<StaffMemberDto>): StaffMemberDto => ({
  id: 1,
  email: 'admin@example.com',
  name: 'Sophie Lavoie',
  roles: ['admin'],
  lang: 'en',
  active: true,
  password_set: true,
  last_sign_in_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = (status: number, code: string, message: string, extra: object = {}) =>
  json(status, { status: false, error: { code, message, ...extra } });

/** A staff API keeping its list in memory; `answer` may replace the answer to a write. */
function stubStaffApi(answer?: (method: string, url: URL, body: unknown) => Response | undefined) {
  let list = [
    member({}),
    member({ id: 2, email: 'orders@example.com', name: 'Ana García', roles: ['orders'] }),
  ];
  return stubStaffResource(
    '/api/admin/staff',
    () => list,
    (method, url, body) => {
      const special = answer?.(method, url, body);
      if (special) return special;
      const id = Number(url.pathname.split('/')[4]);
      if (url.pathname === '/api/admin/staff') {
        const created = member({ id: 3, ...body, password_set: false });
        list = [...list, created];
        return created;
      }
      list = list.map((m) =>
        m.id !== id
          ? m
          : url.pathname.endsWith('/deactivate')
            ? { ...m, active: false }
            : url.pathname.endsWith('/reactivate')
              ? { ...m, active: true }
              : { ...m, ...body },
      );
      return list.find((m) => m.id === id);
    },
  );
}

/** The server keeping the last active admin from losing that role or being deactivated. */
const lastAdminRefusal = () =>
  refused(409, 'CONFLICT', 'This is the last active admin', {
    reason: { key: 'STAFF_LAST_ADMIN' },
  });

describe('/admin/staff', () => {
  it('invites a staff member with roles and language, naming a refused e-mail under its field', async () => {
    signInStaff(['admin']);
    const writes = stubStaffApi((method, url, body) =>
      method === 'POST' &&
      url.pathname === '/api/admin/staff' &&
      (body as { email: string }).email === 'orders@example.com'
        ? refused(409, 'CONFLICT', 'An account with this e-mail already exists', {
            reason: { key: 'EMAIL_TAKEN' },
            fields: { email: 'An account with this e-mail already exists' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    await screen.findByTestId('staff-row-2');
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    await user.type(within(form).getByLabelText('E-mail'), 'orders@example.com');
    await user.type(within(form).getByLabelText('Name'), 'Second Ana');
    await user.click(within(form).getByRole('checkbox', { name: 'Orders' }));
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(form).findByText('An account with this e-mail already exists'),
    ).toBeVisible();
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'new@example.com');
    await user.selectOptions(within(form).getByLabelText('Language of the invitation'), 'fr');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/staff',
      body: { email: 'new@example.com', name: 'Second Ana', roles: ['orders'], lang: 'fr' },
    });
    const row = await screen.findByTestId('staff-row-3');
    expect(within(row).getByText('Password not chosen yet')).toBeInTheDocument();
  });

  it('changes roles at once and puts them back when the server refuses (the last admin)', async () => {
    signInStaff(['admin']);
    const writes = stubStaffApi((method, url, body) =>
      method === 'PATCH' &&
      url.pathname === '/api/admin/staff/1' &&
      !(body as { roles: string[] }).roles.includes('admin')
        ? lastAdminRefusal()
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    const ana = await screen.findByTestId('staff-row-2');
    await user.click(within(ana).getByRole('checkbox', { name: 'Content' }));
    expect(await screen.findByText('Roles of orders@example.com saved')).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/admin/staff/2',
      body: { roles: ['orders', 'content'] },
    });
    expect(within(ana).getByRole('checkbox', { name: 'Content' })).toBeChecked();

    const admin = screen.getByTestId('staff-row-1');
    const adminBox = within(admin).getByRole('checkbox', { name: 'Administrator' });
    await user.click(within(admin).getByRole('checkbox', { name: 'Credit' }));
    await screen.findByText('Roles of admin@example.com saved');
    await user.click(adminBox);
    expect(
      await screen.findByText('This is the last active admin; make someone else admin first'),
    ).toBeInTheDocument();
    await waitFor(() => expect(adminBox).toBeChecked());
  });

  it('asks before making someone an administrator, and changes nothing on Cancel', async () => {
    signInStaff(['admin']);
    const writes = stubStaffApi();
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    const ana = await screen.findByTestId('staff-row-2');
    const box = within(ana).getByRole('checkbox', { name: 'Administrator' });
    const question =
      "Make orders@example.com an administrator? Administrators can do everything in the back office, managing staff and the store's settings included.";
    await user.click(box);
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);
    expect(box).not.toBeChecked();

    await user.click(box);
    const again = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Roles of orders@example.com saved')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PATCH', path: '/api/admin/staff/2', body: { roles: ['admin', 'orders'] } },
    ]);
  });

  it('deactivates after confirmation, and refuses to deactivate the last admin', async () => {
    signInStaff(['admin']);
    const writes = stubStaffApi((method, url) =>
      url.pathname === '/api/admin/staff/1/deactivate' ? lastAdminRefusal() : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    const ana = await screen.findByTestId('staff-row-2');
    const deactivate = within(ana).getByRole('button', { name: 'Deactivate orders@example.com' });
    const question = 'Deactivate orders@example.com? Their sessions end at once.';
    await user.click(deactivate);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(writes).toEqual([]);
    await user.click(deactivate);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('orders@example.com is deactivated')).toBeInTheDocument();
    expect(within(ana).getByText('Inactive')).toBeInTheDocument();
    expect(
      within(ana).getByRole('button', { name: 'Reactivate orders@example.com' }),
    ).toBeInTheDocument();

    const admin = screen.getByTestId('staff-row-1');
    await user.click(within(admin).getByRole('button', { name: 'Deactivate admin@example.com' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: /^Deactivate admin@example.com/ }),
      ).getByRole('button', { name: 'Confirm' }),
    );
    expect(
      await screen.findByText('This is the last active admin; make someone else admin first'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(admin).getByText('Active')).toBeInTheDocument());
    expect(writes.map((w) => w.path)).toEqual([
      '/api/admin/staff/2/deactivate',
      '/api/admin/staff/1/deactivate',
    ]);
  });
});
