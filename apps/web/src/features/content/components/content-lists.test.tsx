import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { CataloguesPage } from './catalogues-page';
import { NewsletterPage } from './newsletter-page';

describe('CataloguesPage', () => {
  it('shows each cover, opens or downloads the PDF and gives its size', async () => {
    stubFetch({
      '/api/catalogues': () => ({
        status: true,
        data: [
          {
            id: 1,
            title: 'Spring 2026',
            description: 'New',
            cover: '/files/c/spring.jpg',
            pdf: '/files/c/spring.pdf',
            pdf_size: 3 * 1024 * 1024,
          },
          {
            id: 2,
            title: 'Notions',
            description: 'All',
            cover: null,
            pdf: '/n.pdf',
            pdf_size: null,
          },
        ],
      }),
    });
    const { container } = renderWithProviders(<CataloguesPage />);
    await screen.findByRole('heading', { name: 'Spring 2026' });
    const cover = container.querySelector('img');
    expect(cover).toHaveAttribute('src', '/files/c/spring.jpg');
    expect(cover).toHaveAttribute('alt', '');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    const open = screen.getByRole('link', { name: 'Open the PDF Spring 2026' });
    expect(open).toHaveAttribute('href', '/files/c/spring.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveClass('button');
    const download = screen.getByRole('link', { name: 'Download Spring 2026' });
    expect(download).toHaveAttribute('href', '/files/c/spring.pdf?download=1&name=Spring%202026');
    expect(download).toHaveAttribute('download');
    expect(download).toHaveClass('button', 'button--secondary');
    expect(screen.getAllByText(/^PDF, /).map((p) => p.textContent)).toEqual(['PDF, 3 MB']);
  });
});

describe('NewsletterPage', () => {
  it('describes each issue image by its title and summary and loads the first at once', async () => {
    const issue = (id: number, title: string, summary: string) => ({
      id,
      title,
      summary,
      image: `/files/n/${id}.jpg`,
      issue_date: null,
    });
    stubFetch({
      '/api/newsletterImages': () => ({
        status: true,
        data: [issue(2, 'Autumn', 'Wool is back'), issue(1, 'Summer', '')],
      }),
    });
    const { container } = renderWithProviders(<NewsletterPage />);
    await screen.findByRole('heading', { name: 'Autumn' });
    const images = [...container.querySelectorAll('img')].map((img) => [
      img.getAttribute('alt'),
      img.getAttribute('loading'),
      img.getAttribute('decoding'),
    ]);
    expect(images).toEqual([
      ['Autumn. Wool is back', 'eager', 'async'],
      ['Summer', 'lazy', 'async'],
    ]);
  });
});
