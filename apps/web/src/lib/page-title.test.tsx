import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { storeIdentityAnswer } from '@/test/store-identity';
import i18n from './i18n';
import { usePageTitle } from './page-title';
import { storeIdentityQuery } from './store-identity';

/** Renders the hook with the store identity already known (or none set). */
function renderTitle(answer: ReturnType<typeof storeIdentityAnswer>) {
  const client = testQueryClient();
  client.setQueryData(storeIdentityQuery.queryKey, answer);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      const { t } = useTranslation('admin-orders');
      usePageTitle(t('title'));
    },
    { wrapper },
  );
}

describe('usePageTitle', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.title = '';
  });

  it('writes "<title> | <store>" with the store\'s name in the language, and follows a change of language', async () => {
    renderTitle(storeIdentityAnswer());
    expect(document.title).toBe('Order desk | Maple Test Supply');

    await act(() => i18n.changeLanguage('fr'));
    expect(document.title).toBe('Bureau des commandes | Fournitures Érable Test');
  });

  it('ends with a neutral word in the language while no identity is set', async () => {
    renderTitle(storeIdentityAnswer(null));
    expect(document.title).toBe('Order desk | Store');
    await act(() => i18n.changeLanguage('es'));
    expect(document.title).toBe('Mesa de pedidos | Tienda');
  });
});
