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
 * Writes a page's title, meta description, canonical URL and Open Graph tags into the SPA's
 * index.html, every value escaped. Returns null when the document has no </head> to write before
 * (the caller then serves it unchanged).
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
  let head = html.slice(0, end.index);
  for (const tag of REPLACED_TAGS) head = head.replace(tag, '');
  return `${withTitleAndLang(head, meta)}${tags.join('\n')}\n${html.slice(end.index)}`;
}

/**
 * Writes only the title and the document language: a page without a head of its own (an account
 * or staff page, the not-found page) is still titled with the store's name, which index.html does
 * not carry. Null when the document has no </head>.
 */
export function injectTitle(html: string, meta: Pick<HeadMeta, 'lang' | 'title'>): string | null {
  const end = HEAD_END.exec(html);
  if (!end) return null;
  return `${withTitleAndLang(html.slice(0, end.index), meta)}${html.slice(end.index)}`;
}

/** The head with its <title> (written or replaced) and <html lang>, both escaped. */
function withTitleAndLang(head: string, meta: Pick<HeadMeta, 'lang' | 'title'>): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const titled = TITLE.test(head) ? head.replace(TITLE, () => title) : `${head}${title}\n`;
  return titled.replace(HTML_TAG, (_, attributes: string) => {
    const lang = ` lang="${escapeHtml(meta.lang)}"`;
    return `<html${LANG_ATTRIBUTE.test(attributes) ? attributes.replace(LANG_ATTRIBUTE, () => lang) : `${attributes}${lang}`}>`;
  });
}

/** What a page starts loading before its scripts ask for it (api plugins/first-load.ts). */
export type FirstLoad = {
  /** Paths of the route's script chunks and stylesheets beyond index.html's own. */
  scripts: string[];
  styles: string[];
  /** Paths of the pictures of the page's largest paint, as its <img> asks for them. */
  images: string[];
  /** The page's first API answers as one JSON object, or null. */
  answers: string | null;
};

// In a JSON data block the only danger is the text "</script" (or "<!--"): every <, > and & is
// written as its JSON escape, which JSON.parse reads back as the same character.
const HTML_SENSITIVE = /[<>&]/g;
const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/**
 * Writes `<link rel="modulepreload">` for the route's chunks, its stylesheets (the app's script
 * would ask for them before it renders the route), preloads of its largest pictures and the page's
 * first API answers (a
 * `<script type="application/json" id="first-answers">`, data the browser never runs, so the CSP's
 * script rules do not apply) just before </head>. Returns null when there is no </head>.
 */
export function injectFirstLoad(html: string, load: FirstLoad): string | null {
  const end = HEAD_END.exec(html);
  if (!end) return null;
  const tags = [
    ...load.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...load.scripts.map(
      (src) => `<link rel="modulepreload" crossorigin href="${escapeHtml(src)}">`,
    ),
    ...load.images.map(
      (src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`,
    ),
  ];
  if (load.answers !== null) {
    const json = load.answers.replace(HTML_SENSITIVE, (c) => JSON_ESCAPES[c]);
    tags.push(`<script type="application/json" id="first-answers">${json}</script>`);
  }
  return `${html.slice(0, end.index)}${tags.join('\n')}\n${html.slice(end.index)}`;
}
