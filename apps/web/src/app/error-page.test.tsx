import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { ErrorPage } from './error-page';
import { testQueryClient } from '@/test/render';

function renderFailing(loader: () => never, path = '/boom') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorPage />,
        children: [{ path: 'boom', loader, element: <p>never</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('default error page (docs/product/storefront-ux.md)', () => {
  it('shows the heading then the status and status text of a route error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailing(() => {
      throw data('gone', { status: 410, statusText: 'Gone' });
    });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailing(() => {
      throw new Error('Catalogue exploded');
    });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Catalogue exploded')).toBeInTheDocument();
  });

  it('answers an unknown path with 404 Not Found', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailing(
      (() => {
        throw new Error('unused');
      }) as () => never,
      '/no/such/page',
    );
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });
});
