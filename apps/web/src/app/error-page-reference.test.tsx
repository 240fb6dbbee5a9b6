import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REQUEST_ID, serverFailure } from '@/test/server-failure';
import { testQueryClient } from '@/test/render';
import { AppProvider } from './provider';
import { ErrorPage } from './error-page';

describe('the error page after a server failure', () => {
  it('shows the request id for support', async () => {
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
