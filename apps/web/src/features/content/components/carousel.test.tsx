import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarouselSlide } from '@wholesale/contract';
import { renderWithProviders } from '@/test/render';
import { Carousel } from './carousel';

const slides: CarouselSlide[] = [
  { id: 1, image: '/files/a.jpg', title: 'First slide', subtitle: 'One', link: '/catalogues' },
  { id: 2, image: '/files/b.jpg', title: 'Second slide', subtitle: 'Two', link: null },
  { id: 3, image: '/files/c.jpg', title: 'Third slide', subtitle: 'Three', link: '/newsletter' },
];

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const visibleSlide = () =>
  screen
    .getAllByRole('group', { hidden: false })
    .find((g) => g.getAttribute('aria-roledescription') === 'slide' && !g.hidden);

afterEach(() => {
  vi.useRealTimers();
});

describe('Carousel', () => {
  it('has a pause control, previous/next buttons and one button per slide', async () => {
    mockReducedMotion(false);
    renderWithProviders(<Carousel slides={slides} />);
    const pause = await screen.findByRole('button', { name: 'Pause the slide show' });
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Slide \d: / })).toHaveLength(3);
    expect(visibleSlide()).toHaveAccessibleName('1 of 3');
    await userEvent.click(pause);
    expect(screen.getByRole('button', { name: 'Play the slide show' })).toBeInTheDocument();
  });

  it('moves with the arrow keys and the dot buttons', async () => {
    mockReducedMotion(false);
    renderWithProviders(<Carousel slides={slides} />);
    const region = await screen.findByRole('region', { name: 'Highlights' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(visibleSlide()).toHaveAccessibleName('2 of 3');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(visibleSlide()).toHaveAccessibleName('3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Slide 2: Second slide' }));
    expect(visibleSlide()).toHaveAccessibleName('2 of 3');
    expect(screen.getByRole('button', { name: 'Slide 2: Second slide' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('rotates on its own, but not when the visitor prefers reduced motion', async () => {
    mockReducedMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { unmount } = renderWithProviders(<Carousel slides={slides} />);
    await screen.findByRole('button', { name: 'Pause the slide show' });
    act(() => vi.advanceTimersByTime(6100));
    expect(visibleSlide()).toHaveAccessibleName('2 of 3');
    unmount();

    mockReducedMotion(true);
    renderWithProviders(<Carousel slides={slides} />);
    expect(await screen.findByRole('button', { name: 'Play the slide show' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(visibleSlide()).toHaveAccessibleName('1 of 3');
  });

  it('describes each slide image with its headline and links where the slide points', async () => {
    mockReducedMotion(true);
    renderWithProviders(<Carousel slides={slides} />);
    const image = await screen.findByRole('img', { name: 'First slide. One' });
    expect(image.closest('a')).toHaveAttribute('href', '/catalogues');
  });
});
