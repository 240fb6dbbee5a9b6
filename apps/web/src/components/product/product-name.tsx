import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The markup a product name may carry (the API's sanitizeProductName uses the same list). */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'sup', 'sub', 'small', 'span'];

/** Sanitises a product name for rendering: allow-listed tags only, no attributes at all. */
export function sanitizeNameHtml(html: string): string {
  // NOTE: attributes are dropped before parsing too, so even DOMPurify's inert parse never sees an
  // inline handler (Chromium reports a CSP violation for the attempt); DOMPurify stays the boundary.
  const withoutAttributes = html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g, '<$1$2>');
  return DOMPurify.sanitize(withoutAttributes, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [],
    KEEP_CONTENT: true,
  });
}

/**
 * docs/product/catalogue.md: the name is rendered as HTML. It was sanitised when written and is sanitised again
 * here (DOMPurify), so a script in a name is shown as nothing more than text.
 */
export function ProductName({
  html,
  as: Tag = 'span',
  className,
}: {
  html: string;
  as?: 'span' | 'h1' | 'h2' | 'h3';
  className?: string;
}) {
  const clean = useMemo(() => sanitizeNameHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
