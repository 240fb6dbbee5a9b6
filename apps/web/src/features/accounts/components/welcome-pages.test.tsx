import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLink } from '@/test/links';
import { renderWithProviders } from '@/test/render';
import { AccountRegistrationInfo } from './account-registration-info';
import { WelcomePanel } from './welcome-panel';

const texts = (items: HTMLElement[]) => items.map((item) => item.textContent);

describe('WelcomePanel', () => {
  it('leads customers to sign in and newcomers to the account application', async () => {
    renderWithProviders(<WelcomePanel />);
    await screen.findByRole('heading', { name: 'Welcome to our wholesale storefront' });
    expect(screen.getByText(/^Already a customer\?/)).toBeInTheDocument();
    expectLink(screen, 'Sign in', '/login');
    expect(screen.getByText(/^New here\?/)).toBeInTheDocument();
    const apply = screen.getByRole('link', { name: 'Apply for an account' });
    expect(apply).toHaveAttribute('href', '/account-registration');
    expect(apply).toHaveClass('button', 'button--secondary');
  });
});

describe('AccountRegistrationInfo', () => {
  it('lists the benefits and the steps in order', async () => {
    renderWithProviders(<AccountRegistrationInfo />);
    await screen.findByRole('heading', { name: 'Open a trade account' });
    const [benefits, steps] = screen.getAllByRole('list');
    expect(texts(within(benefits).getAllByRole('listitem'))).toEqual([
      'see wholesale and retail prices and live stock,',
      'order online, keep favourites and re-order in one click,',
      'buy on credit terms once your account is approved.',
    ]);
    expect(texts(within(steps).getAllByRole('listitem'))).toEqual([
      'Tell us who you are (owner name and e-mail).',
      'Fill in the Canadian or USA account application.',
      'Our credit department reviews it; you receive an e-mail to choose your password once approved.',
    ]);
  });
});
