import { vi } from 'vitest';
import { ErrorPage } from '@/app/error-page';
import { renderRoutes } from './render';

/**
 * Renders the error page's route at `path` (`/boom` by default), whose child `/boom` fails with
 * `loader`; the router's warning about the error it catches is silenced.
 */
export function renderFailing(loader: () => never, path = '/boom') {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderRoutes(
    [
      {
        path: '/',
        errorElement: <ErrorPage />,
        children: [{ path: 'boom', loader, element: <p>never</p> }],
      },
    ],
    path,
  );
}
