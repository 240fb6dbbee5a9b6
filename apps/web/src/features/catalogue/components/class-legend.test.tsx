import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, type AppLang } from '@/lib/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { ClassLegend } from './class-legend';

const LABELS: Record<string, Record<string, string>> = {
  en: { A: 'Core range', F: 'New', R: 'Clearance', Y: 'On sale', N: 'Coming soon' },
  fr: {
    A: 'Gamme de base',
    F: 'Nouveau',
    R: 'Liquidation',
    Y: 'En solde',
    N: 'Bientôt disponible',
  },
  es: { A: 'Gama básica', F: 'Nuevo', R: 'Liquidación', Y: 'En oferta', N: 'Próximamente' },
};

function serve() {
  const stub = stubFetch({
    '/api/class_codes': (url) => {
      const lang = url.searchParams.get('lang') ?? 'en';
      return {
        status: true,
        class_codes: Object.entries(LABELS[lang]).map(([code, label], i) => ({
          id: i + 1,
          class: code,
          image: `/images/classes/${code}.png`,
          label,
        })),
      };
    },
  });
  return stub;
}

afterEach(() => setLanguage(''));

describe('class badge legend', () => {
  it.each([
    ['', 'What the class badges mean', 'Class R', 'Clearance'],
    ['fr', 'Signification des pastilles de classe', 'Classe N', 'Bientôt disponible'],
    ['es', 'Qué significan las insignias de clase', 'Clase Y', 'En oferta'],
  ] as const)(
    'opens from a keyboard-focusable button in "%s" and says what each class means',
    async (lang: AppLang, toggleName, term, meaning) => {
      const title = { '': 'Product classes', fr: 'Classes de produits', es: 'Clases de productos' }[
        lang
      ];
      await setLanguage(lang);
      const { calls } = serve();
      renderWithProviders(<ClassLegend />);
      const toggle = await screen.findByRole('button', { name: toggleName });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Nothing is fetched until the buyer asks.
      expect(calls).toHaveLength(0);
      toggle.focus();
      await userEvent.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const legend = await screen.findByRole('region', { name: title });
      const row = (await within(legend).findByText(term)).closest('div')!;
      expect(within(row).getByText(meaning)).toBeInTheDocument();
      expect(within(legend).getAllByRole('term')).toHaveLength(5);
      expect(calls[0].url.searchParams.get('lang')).toBe(lang || 'en');
      await userEvent.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    },
  );
});
