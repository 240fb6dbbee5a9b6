import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import type { TtlCache } from '../../lib/ttl-cache';
import { selectAllCategories, type CategoryRow } from './catalogue.queries';

/** The sitemaps protocol's limit of URLs per file (sitemaps.org); a bigger catalogue gets an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** What the sitemaps read: the app's database and its sitemap cache. */
export type SitemapContext = { db: Tx; sitemap: TtlCache<string> };

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
const seg = (value: string) => encodeURIComponent(value.trim());
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(entries: Array<{ loc: string; lastmod?: string }>): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `${XML_HEAD}<urlset ${NS}>\n${body}\n</urlset>\n`;
}

// NOTE: sold_ca / sold_us are kept by triggers of migration 0006 and are not in the Drizzle schema.
const soldCa = sql<boolean>`sold_ca`;
/** Products a guest can open: active and sold in at least one country. */
const listed = and(eq(products.active, true), sql`(sold_ca or sold_us)`);

async function countListedProducts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(listed);
  return Number(row?.n ?? 0);
}

/**
 * GET /sitemap.xml: a sitemap index of the categories file and one products file per 50,000
 * products, so 100,000 products are two files and no file outgrows the protocol's limits.
 */
export function sitemapIndex(
  { db: tx, sitemap }: SitemapContext,
  base: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<string> {
  return sitemap.get(`${base}|${perFile}|index`, async () => {
    const files = Math.max(1, Math.ceil((await countListedProducts(tx)) / perFile));
    const locs = [
      `${base}/sitemaps/categories.xml`,
      ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/products-${i + 1}.xml`),
    ];
    const body = locs.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`).join('\n');
    return `${XML_HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
  });
}

/**
 * The home page and every visible category's listing, at the URL the storefront's menu links to
 * (/products/{English name of the top category}/{English name}/{cat_code}). Hidden categories and
 * everything under them are left out.
 */
export function categoriesSitemap(
  { db: tx, sitemap }: SitemapContext,
  base: string,
): Promise<string> {
  return sitemap.get(`${base}|categories`, async () => {
    const rows = await selectAllCategories(tx);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const topOf = (row: CategoryRow): CategoryRow | null => {
      let current: CategoryRow | undefined = row;
      while (current) {
        if (current.hidden) return null;
        if (current.parentId === null) return current;
        current = byId.get(current.parentId);
      }
      return null;
    };
    const entries = [{ loc: `${base}/` }];
    for (const row of rows) {
      const top = topOf(row);
      if (!top) continue;
      entries.push({
        loc: `${base}/products/${seg(top.nameEn)}/${seg(row.nameEn)}/${seg(row.catCode)}`,
      });
    }
    return urlset(entries);
  });
}

/**
 * One products file (1-based) of at most `perFile` (50,000) product pages, in id order, with the date each
 * product last changed. A product sold in Canada is listed at its Canadian page, else its US page.
 * Undefined past the last file.
 */
export function productsSitemap(
  { db: tx, sitemap }: SitemapContext,
  base: string,
  file: number,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  return sitemap
    .get(`${base}|${perFile}|products-${file}`, async () => {
      const total = await countListedProducts(tx);
      if (file > Math.max(1, Math.ceil(total / perFile))) return '';
      const rows = await tx
        .select({
          productId: products.productId,
          soldCa,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(listed)
        .orderBy(asc(products.id))
        .limit(perFile)
        .offset((file - 1) * perFile);
      return urlset(
        rows.map((r) => ({
          loc: `${base}/description/${seg(r.productId)}/${r.soldCa ? 'ca' : 'us'}`,
          lastmod: new Date(r.updatedAt).toISOString().slice(0, 10),
        })),
      );
    })
    .then((text) => text || undefined);
}

/**
 * GET /robots.txt: crawlers may read the catalogue (home, listings, product and content pages) but
 * not the API, the back office or the pages that belong to a signed-in buyer.
 */
export function robotsTxt(base: string): string {
  const privatePaths = [
    '/api/',
    '/admin',
    '/cart',
    '/order',
    '/orderdetails/',
    '/order-confirm',
    '/print-order',
    '/profile',
    '/favorite',
    '/favourite-view',
    '/opticon',
    '/pdata',
    '/pform',
    '/password',
    '/login',
    '/register',
    '/reset-password',
    '/forget-password',
    '/dev/',
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
