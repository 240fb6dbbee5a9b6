import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { ApiError } from './api-client';
import { useErrorMessage } from './error-message';

function Message({ error }: { error: unknown }) {
  return <p data-testid="message">{useErrorMessage()(error)}</p>;
}

const openingMinimum = new ApiError(
  422,
  'UNPROCESSABLE',
  'Your opening order must reach $500.00; this order comes to $150.00',
  undefined,
  { key: 'OPENING_MINIMUM', params: { minimumCents: 50_000, totalCents: 15_000 } },
);

// Every language's errors are loaded before rendering: a language change then re-renders at once,
// so each assertion reads the screen directly instead of racing a wait window.
beforeAll(() => preloadTranslations(['errors'], ['en', 'fr', 'es']));
afterEach(() => act(() => i18n.changeLanguage('en')));

describe('useErrorMessage', () => {
  it("shows a refusal's reason in the user's language, amounts formatted for it", async () => {
    renderWithProviders(<Message error={openingMinimum} />);
    expect(screen.getByTestId('message')).toHaveTextContent(
      'Your opening order must reach CA$500.00; this order comes to CA$150.00',
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(
      screen.getByText(/Votre première commande doit atteindre 500,00\s\$\sCA/),
    ).toHaveTextContent(/s’élève à 150,00\s\$\sCA/);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText(/Su primer pedido debe alcanzar/)).toHaveTextContent('CA$150.00');
  });

  it('falls back to the code, then to the server message, for errors without a known reason', async () => {
    await i18n.changeLanguage('fr');
    const unknownReason = new ApiError(409, 'CONFLICT', 'x', undefined, { key: 'NOPE' });
    const noCode = new ApiError(418, 'TEAPOT', 'I am a teapot');
    renderWithProviders(
      <>
        <Message error={unknownReason} />
        <Message error={noCode} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('message');
    expect(first.textContent).not.toBe('x');
    expect(first.textContent).toMatch(/\S/);
    expect(second).toHaveTextContent('I am a teapot');
  });

  it("names the field of an impossible date in the user's language", async () => {
    const badDate = new ApiError(
      400,
      'VALIDATION_FAILED',
      'from: …',
      { from: '…' },
      {
        key: 'DATE_INVALID',
        params: { field: 'from' },
      },
    );
    renderWithProviders(<Message error={badDate} />);
    expect(screen.getByTestId('message')).toHaveTextContent(
      'from must be a real date written YYYY-MM-DD',
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('message')).toHaveTextContent(
      'from doit être une date réelle au format AAAA-MM-JJ',
    );
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('message')).toHaveTextContent(
      'from debe ser una fecha real escrita AAAA-MM-DD',
    );
  });
});
