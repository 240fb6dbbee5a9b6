import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/** The markup a product name may carry (the API's sanitizeProductName uses the same list). */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'sup', 'sub', 'small', 'span']);

/** Elements whose content is dropped with them, not kept as text (DOMPurify's FORBID_CONTENTS). */
const DROPPED_WITH_CONTENT = new Set([
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'plaintext',
  'script',
  'style',
  'svg',
  'template',
  'textarea',
  'thead',
  'title',
  'video',
  'xmp',
]);

function toReact(parent: Node): ReactNode[] {
  const out: ReactNode[] = [];
  parent.childNodes.forEach((node, key) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.nodeName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      out.push(createElement(Fragment, { key }, ...toReact(node)));
    } else if (tag === 'br') {
      out.push(createElement('br', { key }));
    } else {
      out.push(createElement(tag, { key }, ...toReact(node)));
    }
  });
  return out;
}

/**
 * A product name as React elements: allow-listed tags only, no attributes at all, everything else
 * as text (React escapes it). Nothing goes through innerHTML, so no sanitiser library is needed on
 * the storefront's first paint (home route JS budget, docs/product/storefront-ux.md).
 */
function nameNodes(html: string): ReactNode {
  if (!/[<&]/.test(html)) return html;
  // NOTE: attributes are dropped before parsing, so even the inert parse below never sees an inline
  // handler (Chromium reports a CSP violation for the attempt). DOMParser's document has scripting
  // disabled and no browsing context: nothing in it runs or loads.
  const withoutAttributes = html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g, '<$1$2>');
  const doc = new DOMParser().parseFromString(withoutAttributes, 'text/html');
  return toReact(doc.body);
}

/**
 * docs/product/catalogue.md: the name is rendered as HTML. It was sanitised when written and is
 * rebuilt here from the allow-listed tags only, so a script in a name is shown as nothing more than
 * text.
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
  const nodes = useMemo(() => nameNodes(html), [html]);
  return <Tag className={className}>{nodes}</Tag>;
}
