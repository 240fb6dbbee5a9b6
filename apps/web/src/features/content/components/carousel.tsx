import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CarouselSlide } from '@wholesale/contract';

const INTERVAL_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The home carousel (WAI-ARIA carousel pattern): a pause/play control first, previous/next buttons,
 * one dot per slide, arrow keys while focus is inside. It rotates every 6 s only when the visitor does
 * not prefer reduced motion, and stops while hovered or focused; a paused carousel announces slide
 * changes politely.
 */
export function Carousel({ slides }: { slides: CarouselSlide[] }) {
  const { t } = useTranslation('content');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [held, setHeld] = useState(false);
  const root = useRef<HTMLElement>(null);
  const count = slides.length;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, count]);

  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [index, count]);

  if (!count) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    }
  };

  const rotating = playing && !held && count > 1;

  return (
    <section
      ref={root}
      className="carousel"
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="carousel__controls">
        {count > 1 && (
          <button
            type="button"
            className="carousel__button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
        )}
      </div>
      <div className="carousel__viewport" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const image = (
            <img
              src={slide.image}
              alt={slide.subtitle ? `${slide.title}. ${slide.subtitle}` : slide.title}
              width={1200}
              height={400}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          );
          return (
            <div
              key={slide.id}
              className="carousel__slide"
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideOf', { index: i + 1, count })}
              hidden={i !== index}
            >
              {slide.link ? (
                <Link to={slide.link} tabIndex={i === index ? 0 : -1}>
                  {image}
                </Link>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="carousel__nav">
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(index - 1)}
            aria-label={t('carousel.previous')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel__dots" role="group" aria-label={t('carousel.choose')}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel.goTo', { index: i + 1, title: slide.title })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(index + 1)}
            aria-label={t('carousel.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
