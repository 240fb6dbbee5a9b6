import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { REQUEST_ID, serverFailure } from '@/test/server-failure';
import { ApiError } from './api-client';
import { useErrorMessage } from './error-message';

function Message({ error }: { error: unknown }) {
  return <p data-testid="message">{useErrorMessage()(error)}</p>;
}

afterEach(() => i18n.changeLanguage('en'));

describe('the request id of a server failure', () => {
  it('is kept from the X-Request-Id header', async () => {
    expect((await serverFailure()).requestId).toBe(REQUEST_ID);
  });

  it('is appended to the message of a 5xx, in the language of the page', async () => {
    const error = await serverFailure(503);
    await i18n.changeLanguage('fr');
    // Loaded before rendering: on a busy machine the lazy chunk can take longer than any wait.
    await i18n.loadNamespaces('errors');
    renderWithProviders(<Message error={error} />);
    expect(await screen.findByTestId('message')).toHaveTextContent(
      `Une erreur s’est produite de notre côté (référence ${REQUEST_ID})`,
    );
  });

  it('is not shown for a refusal the user can act on (4xx)', async () => {
    await i18n.loadNamespaces('errors');
    const refusal = new ApiError(409, 'CONFLICT', 'x', undefined, undefined, REQUEST_ID);
    renderWithProviders(<Message error={refusal} />);
    expect(await screen.findByTestId('message')).not.toHaveTextContent(REQUEST_ID);
  });
});
