import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilter } from './use-url-filter';

const DEFAULTS = { status: 'pending', q: '', page: 1 };

/** The hook inside a memory router at `path`; answers the hook's result and the router. */
function renderAt(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const hook = renderHook(() => useUrlFilter(DEFAULTS), {
    wrapper: ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], {
        initialEntries: [path],
      });
      return <RouterProvider router={router} />;
    },
  });
  return { ...hook, router: router! };
}

describe('useUrlFilter', () => {
  it('reads each filter from the address, its default where the address has none', () => {
    const { result } = renderAt('/list?q=maple&page=3&other=x');
    expect(result.current[0]).toEqual({ status: 'pending', q: 'maple', page: 3 });
    expect(renderAt('/list?page=-2').result.current[0].page).toBe(1);
    expect(renderAt('/list?page=abc').result.current[0].page).toBe(1);
  });

  it('writes only what differs from the defaults, back on the first page unless a page is named', () => {
    const { result, router } = renderAt('/list?status=all&page=4');
    act(() => result.current[1]({ q: 'maple' }));
    expect(router.state.location.search).toBe('?status=all&q=maple');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => result.current[1]({ status: 'pending', page: 2 }, { replace: true }));
    expect(router.state.location.search).toBe('?q=maple&page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => result.current[1]({ q: '' }));
    expect(router.state.location.search).toBe('');
  });

  it('steps between pages keeping the filters, and replaces the address going to the last page', () => {
    const { result, router } = renderAt('/list?q=maple&page=9');
    act(() => result.current[2].goToLastPage(4));
    expect(router.state.location.search).toBe('?q=maple&page=4');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(result.current[2].page).toBe(4);
    act(() => result.current[2].onPage(1));
    expect(router.state.location.search).toBe('?q=maple');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
