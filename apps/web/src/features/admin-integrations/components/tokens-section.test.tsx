import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderWithProviders, validationFailed } from '@/test/render';
import { stubStaffResource } from '@/test/staff-resource';
import { TokensSection } from './tokens-section';

const token = {
  id: 3,
  name: 'ERP',
  hint: 'wst_ab12',
  scopes: ['catalogue:write'],
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

/** The tokens API: none listed; a create refused by field ("refused"), failing ("broken"), or made. */
function stubApi() {
  return stubStaffResource(
    '/api/admin/integrations/tokens',
    () => ({ status: true, tokens: [] }),
    (_method, _url, body) => {
      if (body.name === 'refused')
        return validationFailed(
          { 'scopes[0]': 'scopes must not be empty' },
          'scopes must not be empty',
        );
      if (body.name === 'broken') return apiError(500, { code: 'INTERNAL', message: 'boom' });
      return { status: true, token, secret: 'wst_ab12-the-secret' };
    },
    (answer) => answer,
  );
}

describe('TokensSection', () => {
  it('says what each scope allows, in the interface language', async () => {
    stubApi();
    renderWithProviders(<TokensSection />);
    await screen.findByText('No tokens yet.');
    expect(
      screen.getByRole('checkbox', { name: 'catalogue:write — push stock and prices' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'payments:write — record customer payments' }),
    ).not.toBeChecked();
  });

  it('names a refused field under it, toasts any other failure, and shows a new secret once', async () => {
    const writes = stubApi();
    renderWithProviders(<TokensSection />);
    await screen.findByText('No tokens yet.');
    const name = screen.getByLabelText('Name');

    await userEvent.type(name, 'refused');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Choose at least one scope.')).toBeInTheDocument();
    expect(screen.queryByText('That did not work. Please try again.')).toBeNull();

    await userEvent.clear(name);
    await userEvent.type(name, 'broken');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    // A new attempt clears the last one's field errors.
    expect(screen.queryByText('Choose at least one scope.')).toBeNull();

    await userEvent.clear(name);
    await userEvent.type(name, 'ERP');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('token-secret')).toHaveTextContent('wst_ab12-the-secret');
    expect(await screen.findByText('Token created')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue(''));
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/integrations/tokens',
      body: { name: 'ERP', scopes: ['catalogue:write'] },
    });
  });
});
