import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** A fresh query client per test: no retries, nothing shared. */
export function testQueryClient(): QueryClient {
  return createQueryClient({
    queries: { retry: false, gcTime: Infinity },
    mutations: { retry: false },
  });
}

/** Where the router is, for a test to read (`data-testid="where"`): the path, with `withSearch` its query too. */
export function Where({ withSearch = false }: { withSearch?: boolean }) {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + (withSearch ? location.search : '')}</p>;
}

/**
 * Renders routes in a memory router inside the real providers, with a fresh query client unless
 * the test names one (the app's own, where the route loaders' prefetches are what it checks).
 */
export function renderRoutes(
  routes: RouteObject[],
  initialPath = '/',
  queryClient: QueryClient = testQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at a path, with the providers. */
export function renderWithProviders(element: ReactElement, initialPath = '/') {
  return renderRoutes([{ path: '*', element }], initialPath);
}

/** An API refusal as the server sends it: `{ status: false, error }` with the HTTP status. */
export function apiError(
  status: number,
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    reason?: { key: string; params?: Record<string, unknown> };
  },
) {
  return new Response(JSON.stringify({ status: false, error }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The API's 400 answer to a body whose fields are refused, with each field's message. */
export function validationFailed(
  fields: Record<string, string>,
  message = 'Some fields are not valid',
) {
  return apiError(400, { code: 'VALIDATION_FAILED', message, fields });
}

/**
 * Stands in for fetch for the rest of the test (setup unstubs globals after each), answering JSON by
 * path (the first matching prefix wins; unknown paths answer 404). Returns the stub, for a test that
 * wraps it, the calls made, and `writes()`: those of them made with a method other than GET.
 */
export function stubFetch(handlers: Record<string, (url: URL, init?: RequestInit) => unknown>) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const key = Object.keys(handlers).find(
      (k) => url.pathname === k || url.pathname.startsWith(`${k}/`),
    );
    if (!key) return apiError(404, { code: 'ROUTE_NOT_FOUND', message: 'No such path' });
    const body = handlers[key](url, init);
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  const writes = () => calls.filter((c) => c.init?.method && c.init.method !== 'GET');
  return { fetchMock, calls, writes };
}

/** The JSON body a stubbed fetch call sent. */
export const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

/** A paginated list answer whose rows all fit on its first page. */
export function onePage<T>(data: T[], perPage = 25) {
  return {
    status: true as const,
    data,
    total: data.length,
    current_page: 1,
    last_page: 1,
    per_page: perPage,
  };
}
