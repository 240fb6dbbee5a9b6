import { afterAll, describe, expect, it } from 'vitest';
import { resetPageMeta } from './page-meta';

// docs/product/storefront-ux.md "Titles and link previews": the browser takes over from the head the
// server wrote for the page first loaded.
describe('resetPageMeta after a server-written head', () => {
  const head = document.head.innerHTML;
  afterAll(() => {
    document.head.innerHTML = head;
    window.history.replaceState(null, '', '/');
  });

  it('keeps the canonical URL of the loaded page, then restores the site description elsewhere', () => {
    window.history.replaceState(null, '', '/description/BT-1/ca');
    document.head.innerHTML = `
      <title>Button (BT-1) | Maple Test Supply</title>
      <meta name="description" content="About a button" data-default="The site's description" />
      <link rel="canonical" href="https://shop.example.com/description/BT-1/ca" />
      <meta property="og:url" content="https://shop.example.com/description/BT-1/ca" />
      <meta property="og:description" content="About a button" />`;
    const description = () =>
      document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
    const canonical = () => document.head.querySelectorAll('link[rel="canonical"]').length;

    resetPageMeta('Product details | Maple Test Supply');
    expect(canonical()).toBe(1);
    expect(document.head.querySelector('meta[property="og:url"]')).not.toBeNull();

    window.history.pushState(null, '', '/cart');
    resetPageMeta('Cart | Maple Test Supply');
    expect(description()).toBe("The site's description");
    expect(canonical()).toBe(0);
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(document.title).toBe('Cart | Maple Test Supply');
  });
});
