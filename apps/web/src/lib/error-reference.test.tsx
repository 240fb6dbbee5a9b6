import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '@/lib/i18n';
import { AppProvider } from '@/app/provider';
import { ErrorPage } from '@/app/error-page';
import { renderWithProviders, stubFetch, testQueryClient } from '@/test/render';
import { api, ApiError } from './api-client';
import { useErrorMessage } from './error-message';

const REQUEST_ID = '7f1c2a9e-0d4b-4c55-9d6e-2b1f8e0a4c31';

/** A server failure as the API answers it: error body plus the X-Request-Id it logged. */
async function serverFailure(status = 500): Promise<ApiError> {
  const { fetchMock } = stubFetch({
    '/api/boom': () =>
      new Response(JSON.stringify({ status: false, error: { code: 'INTERNAL', message: 'x' } }), {
        status,
        headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      }),
  });
  vi.stubGlobal('fetch', fetchMock);
  try {
    await api.get('/boom');
  } catch (error) {
    return error as ApiError;
  } finally {
    vi.unstubAllGlobals();
  }
  throw new Error('the call did not fail');
}

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
    renderWithProviders(<Message error={error} />);
    expect(await screen.findByTestId('message')).toHaveTextContent(
      `Une erreur s’est produite de notre côté (référence ${REQUEST_ID})`,
    );
  });

  it('is not shown for a refusal the user can act on (4xx)', async () => {
    const refusal = new ApiError(409, 'CONFLICT', 'x', undefined, undefined, REQUEST_ID);
    renderWithProviders(<Message error={refusal} />);
    expect(await screen.findByTestId('message')).not.toHaveTextContent(REQUEST_ID);
  });

  it('is shown on the error page', async () => {
    const error = await serverFailure();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <ErrorPage />,
          children: [
            {
              path: 'boom',
              loader: () => {
                throw error;
              },
              element: <p>never</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/boom'] },
    );
    render(
      <AppProvider queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText(`Reference for support: ${REQUEST_ID}`)).toBeInTheDocument();
  });
});
