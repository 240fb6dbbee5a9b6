import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeUser } from '@/lib/session';
import { expectLink } from '@/test/links';
import { renderWithProviders, stubFetch } from '@/test/render';
import { storeIdentityAnswer } from '@/test/store-identity';
import { aBuyer } from '@/test/users';
import { CustomerSupportPage } from './customer-support-page';

const customer = aBuyer();

const faqs = {
  status: true,
  data: [
    {
      id: 1,
      question: 'How long does shipping take?',
      answer: 'Orders ship the same business day.',
    },
    { id: 2, question: 'Can I return an item?', answer: 'Returns need our prior authorization.' },
  ],
};

describe('CustomerSupportPage', () => {
  it('shows guests the contact blocks and a sign-in prompt, without calling the signed-in APIs', async () => {
    const { calls } = stubFetch({ '/api/store-identity': () => storeIdentityAnswer() });
    renderWithProviders(<CustomerSupportPage />, '/customer-support');
    expect(
      await screen.findByRole('heading', { name: 'Customer Support', level: 1 }),
    ).toBeInTheDocument();
    expectLink(screen, 'Sign in', '/login?redirect=%2Fcustomer-support');
    // The contact blocks are the store identity's: head office, then the French desk.
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expectLink(screen, '+1 902 555 0177', 'tel:+19025550177');
    expect(screen.getByRole('link', { name: '902 555 0178' })).toBeInTheDocument();
    expect(screen.getByText('77 Sample Road')).toBeInTheDocument();
    // No Spanish desk was given: its block is left out.
    expect(screen.queryByRole('heading', { name: 'Spanish support' })).not.toBeInTheDocument();
    expect(
      calls.filter(
        (c) => c.url.pathname.startsWith('/api/faqs') || c.url.pathname.startsWith('/api/support'),
      ),
    ).toEqual([]);
  });

  it('opens FAQ answers in an accordion', async () => {
    storeUser(customer);
    stubFetch({ '/api/faqs': () => faqs });
    renderWithProviders(<CustomerSupportPage />, '/customer-support');
    const question = await screen.findByRole('button', { name: 'How long does shipping take?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Orders ship the same business day.')).not.toBeVisible();
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How long does shipping take?' })).toHaveTextContent(
      'Orders ship the same business day.',
    );
  });

  it('searches the question and highlights matches as text, never as HTML', async () => {
    storeUser(customer);
    const { calls } = stubFetch({
      '/api/faqs': () => faqs,
      '/api/support': (url) => ({
        status: true,
        question: url.searchParams.get('question'),
        lang: 'en',
        data: [
          {
            id: 1,
            kind: 'faq',
            title: 'How long does shipping take?',
            answer: 'Orders ship the same business day.',
            snippet: 'Orders <mark>ship</mark>',
            segments: [
              { text: 'Orders ', hit: false },
              { text: 'ship', hit: true },
              { text: ' <img src=x onerror=alert(1)>', hit: false },
            ],
            title_segments: [
              { text: 'How long does ', hit: false },
              { text: 'shipping', hit: true },
              { text: ' take?', hit: false },
            ],
            score: 1,
          },
        ],
      }),
    });
    renderWithProviders(<CustomerSupportPage />, '/customer-support');
    const input = await screen.findByRole('searchbox', { name: 'Your question' });
    await userEvent.type(input, 'shiping{Enter}');
    const results = await screen.findByRole('list');
    const item = within(results).getByRole('listitem');
    expect(
      within(item)
        .getAllByText(/ship/, { selector: 'mark' })
        .map((m) => m.textContent),
    ).toEqual(['shipping', 'ship']);
    expect(item.querySelector('img')).toBeNull();
    expect(item).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(screen.getByText('1 answer for “shiping”')).toBeInTheDocument();
    const search = calls.find((c) => c.url.pathname === '/api/support');
    expect(search?.url.searchParams.get('question')).toBe('shiping');
    expect(search?.url.searchParams.get('lang')).toBe('en');
  });
});
