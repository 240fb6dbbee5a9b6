import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { StaffOrderLink } from './staff-order-link';

const NAMES = { en: 'Order #1042', fr: 'Commande nº 1042', es: 'Pedido n.º 1042' } as const;

beforeAll(() => preloadTranslations(['staff', 'common'], Object.keys(NAMES)));
afterEach(() => i18n.changeLanguage('en'));

describe('StaffOrderLink', () => {
  it.each(Object.entries(NAMES))(
    "shows the order's number and names it as an order in %s, leading to its staff page",
    async (lang, name) => {
      await i18n.changeLanguage(lang);
      renderWithProviders(<StaffOrderLink id={1042} />);
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveTextContent(/^#1042$/);
      expect(link).toHaveAttribute('href', '/admin/orders/1042');
    },
  );
});
