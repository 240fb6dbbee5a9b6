import { act, renderHook } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { usePageTitle } from './page-title';

describe('usePageTitle', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.title = '';
  });

  it('writes "<title> | <brand>" and follows a change of language', async () => {
    renderHook(() => {
      const { t } = useTranslation('admin-orders');
      usePageTitle(t('title'));
    });
    expect(document.title).toBe('Order desk | Notions Wholesale');

    await act(() => i18n.changeLanguage('fr'));
    expect(document.title).toBe('Bureau des commandes | Notions Wholesale');
  });
});
