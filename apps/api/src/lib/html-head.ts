import escapeHtml from 'escape-html';

/** What a page tells crawlers and link previews before any JavaScript runs. */
export type HeadMeta = {
  /** The document language (`en`, `fr`, `es`). */
  lang: string;
  title: string;
  description: string;
  /** Absolute URL of the page without its query string. */
  canonical: string;
  /** Absolute URL of the page's picture, if it has one. */
  image?: string;
  /**
   * Paths of the pictures the page paints largest (its LCP element), exactly as its <img> asks for
   * them: preloaded at high priority, in parallel with the app's JavaScript.
   */
  preloadImages?: string[];
};

// NOTE: index.html is the web build's, and others change it (performance work on its head). Only
// its <title>, <html lang> and </head> are relied on; any description, canonical or Open Graph tag
// already there is taken out so the page never carries two.
const TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;
const REPLACED_TAGS = [
  /<meta\b[^>]*\bname\s*=\s*["']?description\b[^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']?og:[^>]*>\s*/gi,
  /<link\b[^>]*\brel\s*=\s*["']?canonical\b[^>]*>\s*/gi,
];
const HEAD_END = /<\/head\s*>/i;
// Already escaped in the file: copied as it is.
const DESCRIPTION_CONTENT = /\bcontent\s*=\s*"([^"]*)"/i;
const HTML_TAG = /<html\b([^>]*)>/i;
const LANG_ATTRIBUTE = /\slang\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/i;

/**
 * Writes a page's title, meta description, canonical URL, Open Graph tags and picture preloads into
 * the SPA's index.html, every value escaped. Returns null when the document has no </head> to write
 * before (the caller then serves it unchanged).
 */
export function injectHead(html: string, meta: HeadMeta): string | null {
  const end = HEAD_END.exec(html);
  if (!end) return null;
  const attr = (value: string) => `"${escapeHtml(value)}"`;
  // The file's own description stays as data-default: the site's description, which the browser
  // puts back on pages without one of their own (web lib/page-meta.ts).
  const generic = DESCRIPTION_CONTENT.exec(
    html.slice(0, end.index).match(REPLACED_TAGS[0])?.[0] ?? '',
  );
  const tags = [
    `<meta name="description" content=${attr(meta.description)}${generic ? ` data-default="${generic[1]}"` : ''} />`,
    `<link rel="canonical" href=${attr(meta.canonical)} />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content=${attr(meta.title)} />`,
    `<meta property="og:description" content=${attr(meta.description)} />`,
    `<meta property="og:url" content=${attr(meta.canonical)} />`,
    ...(meta.image ? [`<meta property="og:image" content=${attr(meta.image)} />`] : []),
  ];
  // Right after the title, ahead of the app's script and styles: the browser's preload scanner then
  // asks for the pictures first, without waiting for the script, its route loader and the API.
  const preloads = (meta.preloadImages ?? []).map(
    (src) => `\n<link rel="preload" as="image" href=${attr(src)} fetchpriority="high" />`,
  );
  const title = `<title>${escapeHtml(meta.title)}</title>${preloads.join('')}`;
  let head = html.slice(0, end.index);
  for (const tag of REPLACED_TAGS) head = head.replace(tag, '');
  head = TITLE.test(head) ? head.replace(TITLE, () => title) : `${head}${title}\n`;
  head = head.replace(HTML_TAG, (_, attributes: string) => {
    const lang = ` lang=${attr(meta.lang)}`;
    return `<html${LANG_ATTRIBUTE.test(attributes) ? attributes.replace(LANG_ATTRIBUTE, () => lang) : `${attributes}${lang}`}>`;
  });
  return `${head}${tags.join('\n')}\n${html.slice(end.index)}`;
}
