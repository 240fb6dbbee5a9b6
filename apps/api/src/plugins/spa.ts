import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clipDescription } from '@wholesale/contract';
import { AppError } from '../lib/app-error';
import { injectHead } from '../lib/html-head';
import { resolveSession } from '../modules/accounts';
import { isLoopback } from './dev-access';
import { cataloguePageMeta, pageRequest } from './page-meta';

const ASSET_DROPPED_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * Serves the built SPA: hashed assets with a year-long cache, index.html for every other non-/api
 * GET (client-side routes and deep links), each pre-compressed (brotli or gzip) when the browser
 * accepts it. Public catalogue pages get their own title, description, canonical URL and Open
 * Graph tags written into index.html (plugins/page-meta.ts), for crawlers that run no JavaScript,
 * and preloads of the pictures they paint largest, so browsers fetch those with the app's script.
 * Unknown /api paths answer a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies of every text file (apps/web/vite.config.ts): serve the
      // one the browser accepts, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  // Hashed assets are scripts, styles and images, never documents: the document-only security
  // headers (CSP, framing, COOP and the like) do nothing on them, and validators are useless on an
  // immutable file. Dropping them saves ~0.7 KB per file on HTTP/1.1, where a page loads a dozen
  // (home route JS budget, docs/product/storefront-ux.md). nosniff and CORP stay.
  if (hasSpa) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
        for (const header of ASSET_DROPPED_HEADERS) reply.removeHeader(header);
      }
      done(null, payload);
    });
  }
  /**
   * The development pages (the mailbox) follow their API: nobody in production, elsewhere callers on
   * this machine or signed-in staff (the cookie's session; the API hooks do not run for pages).
   */
  async function devPageHidden(request: FastifyRequest): Promise<boolean> {
    if (!request.url.startsWith('/dev/') && request.url !== '/dev') return false;
    if (app.config.env === 'production') return true;
    if (isLoopback(request.ip)) return false;
    const token = request.cookies?.sid;
    const session =
      token && token.length <= 200 ? await resolveSession(app.db, app.sessions, token) : null;
    return session?.user.role !== 'staff';
  }

  // Read once: the build does not change under a running server.
  const indexHtml = hasSpa ? fs.readFileSync(indexFile, 'utf8') : '';
  const origin = new URL(app.config.publicUrl).origin;

  /**
   * index.html with the page's own head for a public catalogue page, in the request's language;
   * null for any other page, or when the lookup fails (an unknown product): the generic file.
   */
  async function pageWithMeta(request: FastifyRequest): Promise<string | null> {
    try {
      const page = await pageRequest(app, request);
      const meta = await cataloguePageMeta(app, page);
      if (!meta) return null;
      return injectHead(indexHtml, {
        lang: page.lang,
        title: meta.title,
        description: clipDescription(meta.description),
        // Joined, not resolved: a path starting "//" must not name another host.
        canonical: new URL(`${origin}${page.pathname.replace(/\/{2,}/g, '/')}`).href,
        image: meta.image ? new URL(meta.image, origin).href : undefined,
        // Paths as the page's <img> asks for them, so the browser fetches each once.
        preloadImages: meta.preloadImages,
      });
    } catch (error) {
      request.log.debug({ err: error, url: request.url }, 'page meta not written');
      return null;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/images/') ||
      request.method !== 'GET' ||
      !hasSpa ||
      (await devPageHidden(request))
    ) {
      throw new AppError('ROUTE_NOT_FOUND', `No such path: ${request.method} ${url.split('?')[0]}`);
    }
    reply.header('cache-control', 'no-cache');
    const page = await pageWithMeta(request);
    if (page !== null) {
      // The head depends on the language, which the cookie or Accept-Language may decide.
      reply.header('vary', 'accept-language, cookie');
      return reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.type('text/html').sendFile('index.html');
  });
});
