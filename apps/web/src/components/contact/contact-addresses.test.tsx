import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_STORE_IDENTITY } from '@wholesale/contract';
import { setLanguage } from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { ContactAddress } from './contact-addresses';

beforeAll(() => preloadTranslations(['common'], ['en', 'fr', 'es']));
afterEach(() => setLanguage(''));

const office = {
  ...EMPTY_STORE_IDENTITY.head_office,
  phone: '1-800-555-0142',
  email: 'orders@example.com',
};

/** The phone and e-mail lines in each language: French puts a space before its colon. */
const WRITTEN = {
  '': ['Telephone: 1-800-555-0142', 'E-mail: orders@example.com'],
  fr: ['Téléphone : 1-800-555-0142', 'Courriel : orders@example.com'],
  es: ['Teléfono: 1-800-555-0142', 'Correo electrónico: orders@example.com'],
} as const;

describe('ContactAddress', () => {
  // Regression: French read "Téléphone: 1-800-…", without the space French puts before a colon.
  for (const [lang, written] of Object.entries(WRITTEN) as Array<
    [keyof typeof WRITTEN, readonly string[]]
  >)
    it(`names the phone and e-mail as the language writes it ("${lang}")`, async () => {
      await setLanguage(lang);
      renderWithProviders(
        <ContactAddress entry={{ key: 'headOffice', block: office }} lang="en" />,
      );
      const lines = screen.getAllByText((_, el) => el?.classList.contains('address-line') ?? false);
      expect(lines.map((l) => l.textContent)).toEqual(written);
    });
});
