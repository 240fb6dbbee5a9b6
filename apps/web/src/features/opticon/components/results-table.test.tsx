import type { OpticonLineResult } from '@wholesale/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, type AppLang } from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { ResultsTable } from './results-table';

const result = (code: string, status: OpticonLineResult['status'], added = 0) => ({
  code,
  quantity: 3,
  status,
  product_id: status === 'unknown' ? null : code,
  name: status === 'unknown' ? null : `Name ${code}`,
  added,
});

afterEach(() => setLanguage(''));

describe('Opticon results: counts through plural rules', () => {
  it.each([
    ['', '1 added, 0 reduced to stock, 1 unknown code, 2 unavailable', 'Only 1 added (stock)'],
    [
      'fr',
      '1 ajouté, 0 réduit au stock, 1 code inconnu, 2 indisponibles',
      'Seulement 1 ajouté (stock)',
    ],
    [
      'es',
      '1 añadido, 0 reducidos al stock, 1 código desconocido, 2 no disponibles',
      'Solo 1 añadido (stock)',
    ],
  ] as const)(
    'says "%s" counts in the singular for one',
    async (lang: AppLang, summary, clamped) => {
      await preloadTranslations(['opticon'], ['en', 'fr', 'es']);
      await setLanguage(lang);
      render(
        <ResultsTable
          results={[
            result('A-1', 'added', 3),
            result('X-9', 'unknown'),
            result('B-2', 'unavailable'),
            result('B-3', 'unavailable'),
          ]}
        />,
      );
      expect(screen.getByText(summary)).toBeInTheDocument();
      render(<ResultsTable results={[result('C-1', 'clamped', 1)]} />);
      expect(screen.getByText(clamped)).toBeInTheDocument();
    },
  );
});
