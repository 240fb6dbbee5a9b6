import { clipDescription } from '@wholesale/contract';
import { useEffect } from 'react';

/** What a public page tells search engines and link previews. Never a price or a stock figure. */
export type PageMeta = {
  /** The full document title. */
  title: string;
  /** Meta description and og:description (trimmed to 160 characters). */
  description?: string;
  /** og:image: a path or URL, made absolute against the page's origin. */
  image?: string;
};

function metaTag(attribute: 'name' | 'property', key: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  return tag;
}

/** Writes the title, the meta description and the Open Graph title/description/image. */
export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  metaTag('property', 'og:title').content = meta.title;
  metaTag('property', 'og:type').content = 'website';
  if (meta.description) {
    const description = clipDescription(meta.description);
    metaTag('name', 'description').content = description;
    metaTag('property', 'og:description').content = description;
  }
  if (meta.image)
    metaTag('property', 'og:image').content = new URL(meta.image, window.location.origin).href;
}

/** Back to the site's defaults (on every navigation, before the new page writes its own). */
export function resetPageMeta(title: string): void {
  const description = metaTag('name', 'description');
  // The site's description (what a page without its own shows) lives in the tag's data-default:
  // written there by the server for a page it wrote the head of, else kept there on first use. Kept
  // in the document, not in this module, so a new document never inherits an old one's default.
  description.dataset.default ??= description.content;
  description.content = description.dataset.default;
  for (const key of ['og:description', 'og:image'])
    document.head.querySelector(`meta[property="${key}"]`)?.remove();
  // The canonical URL and og:url the server wrote name the page first loaded, not the next ones.
  for (const tag of document.head.querySelectorAll<HTMLLinkElement | HTMLMetaElement>(
    'link[rel="canonical"], meta[property="og:url"]',
  )) {
    const href = tag instanceof HTMLLinkElement ? tag.href : tag.content;
    if (new URL(href, window.location.href).pathname !== window.location.pathname) tag.remove();
  }
  document.title = title;
  metaTag('property', 'og:title').content = title;
}

/**
 * Sets a public catalogue page's title, description and Open Graph tags once its data is known
 * (`null` while loading leaves the route's default title in place).
 */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  const image = meta?.image;
  useEffect(() => {
    if (title !== undefined) applyPageMeta({ title, description, image });
  }, [title, description, image]);
}
