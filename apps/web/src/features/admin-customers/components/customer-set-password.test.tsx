import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadTranslations } from '@/test/i18n';
import { apiError, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { CustomerSetPassword } from './customer-set-password';

beforeAll(() => preloadTranslations(['admin-home', 'errors', 'common']));

const LINK = 'https://shop.example/reset-password?token=abcdefghijklmnopqrstuvwxyz&purpose=set';

function renderIt(active = true, answers: Record<string, () => unknown> = {}) {
  signInStaff(['credit']);
  const { calls } = stubFetch({
    '/api/admin/customers/40/set-password-link': () => ({
      status: true,
      data: { link: LINK, expires_at: '2026-12-05T10:00:00.000Z' },
    }),
    '/api/admin/customers/40/set-password-mail': () => ({ status: true }),
    ...answers,
  });
  renderRoutes(
    [
      {
        path: '*',
        element: <CustomerSetPassword customer={{ id: 40, email: 'julien@example.com', active }} />,
      },
    ],
    '/admin/customers/40',
  );
  return calls;
}

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, question: RegExp) {
  const dialog = await screen.findByRole('alertdialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('customer set-password link and mail', () => {
  it('copies a fresh link after asking, and shows it selectable', async () => {
    const user = userEvent.setup();
    const calls = renderIt();
    await user.click(screen.getByRole('button', { name: 'Copy a set-password link' }));
    await confirmDialog(user, /Make a new set-password link for julien@example.com/);
    expect(await screen.findByText(/Link copied\. It works once/)).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByLabelText('Set-password link for julien@example.com')).toHaveValue(LINK);
    expect(calls.filter((c) => c.init?.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/admin/customers/40/set-password-link',
    ]);
  });

  it('sends the mail again after asking; nothing is sent when the question is cancelled', async () => {
    const user = userEvent.setup();
    const calls = renderIt();
    const button = screen.getByRole('button', { name: 'Send the set-password mail again' });
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: /Mail julien@example.com/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([]);
    await user.click(button);
    await confirmDialog(user, /Mail julien@example.com/);
    expect(
      await screen.findByText('A set-password mail to julien@example.com is queued.'),
    ).toBeVisible();
  });

  it('says why when the server refuses', async () => {
    const user = userEvent.setup();
    renderIt(true, {
      '/api/admin/customers/40/set-password-link': () =>
        apiError(403, { code: 'FORBIDDEN', message: 'Forbidden' }),
    });
    await user.click(screen.getByRole('button', { name: 'Copy a set-password link' }));
    await confirmDialog(user, /Make a new set-password link/);
    expect(await screen.findByText('You are not allowed to do this')).toBeVisible();
    expect(screen.queryByLabelText(/Set-password link for/)).not.toBeInTheDocument();
  });

  it('offers nothing for an inactive account', () => {
    renderIt(false);
    expect(screen.getByText('Reactivate the account first.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy a set-password link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send the set-password mail again' })).toBeDisabled();
  });
});
