import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentItemResponse,
  AdminContentListResponse,
  CarouselResponse,
  CataloguesResponse,
  ContentKindParam,
  FaqsResponse,
  KIND_RULES,
  LangParam,
  MAX_PDF_BYTES,
  NewsletterResponse,
  OkBody,
  PatternsResponse,
  ReorderBody,
  SupportQuery,
  SupportResponse,
  type ContentKind,
  type Lang,
  idSchema,
} from '@wholesale/contract';
import { AppError, fieldError } from '../../lib/app-error';
import { createFileStore, type FileStore } from '../../lib/file-store';
import type { Tx } from '../../db/client';
import { requireUser, signedInSecurity, staffOf, staffRouteGroup } from '../../plugins/auth';
import {
  adminCreateItem,
  adminDeleteItem,
  adminListItems,
  adminReorder,
  adminReplaceFile,
  adminUpdateTexts,
  listCarousel,
  listCatalogues,
  listFaqs,
  listNewsletters,
  listPatterns,
  searchSupport,
  type ContentUploads,
} from './content.service';
import { mimeOfKey, tooLarge } from './content.uploads';
import { answerData } from '../../lib/answer';

const FILE_FIELDS: ReadonlySet<string> = new Set(['file', 'file_fr', 'file_es', 'cover']);
const IdParam = idSchema('id');

/**
 * Reads a staff form: multipart (text fields plus files, each buffered up to the PDF limit, a larger one
 * answered 413 naming its field) or a JSON object of text fields.
 */
async function readForm(
  request: FastifyRequest,
  kind: ContentKind,
): Promise<{ fields: Record<string, unknown>; uploads: ContentUploads }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw fieldError({ body: 'The body must be a JSON object or a multipart form' });
    }
    return { fields: (body as Record<string, unknown>) ?? {}, uploads: {} };
  }
  const fields: Record<string, unknown> = {};
  const uploads: ContentUploads = {};
  const slot = (field: string) =>
    field === 'cover' || KIND_RULES[kind].file === 'image' ? 'image' : 'pdf';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw fieldError({
          [part.fieldname]: `Unknown file field ${part.fieldname}; use file, file_fr, file_es or cover`,
        });
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(part.fieldname, slot(part.fieldname));
        throw error;
      }
      if (part.file.truncated) throw tooLarge(part.fieldname, slot(part.fieldname));
      uploads[part.fieldname as keyof ContentUploads] = {
        field: part.fieldname,
        filename: part.filename,
        data,
      };
    } else {
      fields[part.fieldname] =
        typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  return { fields, uploads };
}

/** The language of a signed-in caller: the lang parameter when given, else the account's language. */
function callerLang(request: FastifyRequest, given: string | undefined, parsed: Lang): Lang {
  if (given !== undefined && given.trim() !== '') return parsed;
  const own = request.user?.lang;
  return own === 'fr' || own === 'es' ? own : 'en';
}

/**
 * Content calls of docs/product/content-pages.md (carousel, newsletters, catalogues, patterns, FAQs, support search), the
 * staff content management API under /api/admin/content and GET /files/<key> for the stored files.
 */
export function contentRoutes(options: { store?: FileStore } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const files = options.store ?? createFileStore(app.config);
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: MAX_PDF_BYTES, files: 4, fields: 30, fieldSize: 100_000, parts: 40 },
      });
    }

    const langQuery = z.object({ lang: LangParam });

    /** A public list of one content kind in the asked language: `{ status, data }`. */
    const listRoute = <T>(
      url: string,
      summary: string,
      response: z.ZodType<{ status: true; data: T }>,
      list: (tx: Tx, lang: Lang) => Promise<T>,
    ) => {
      // Checked against `response` when the answer is serialized.
      const answer: z.ZodTypeAny = response;
      app.get(
        url,
        {
          schema: { tags: ['content'], summary, querystring: langQuery, response: { 200: answer } },
        },
        async (request) => answerData(await list(app.db, request.query.lang)),
      );
    };
    listRoute('/api/crousalImages', 'Home carousel slides', CarouselResponse, listCarousel);
    listRoute(
      '/api/newsletterImages',
      'Newsletter issues, newest first',
      NewsletterResponse,
      listNewsletters,
    );
    listRoute('/api/catalogues', 'Catalogue PDFs with covers', CataloguesResponse, listCatalogues);
    app.get(
      '/api/patterns',
      {
        schema: {
          tags: ['content'],
          summary: 'Free pattern PDFs, optionally of one craft',
          querystring: z.object({ lang: LangParam, craft: z.string().trim().max(40).optional() }),
          response: { 200: PatternsResponse },
        },
      },
      async (request) => {
        const { data, crafts } = await listPatterns(
          app.db,
          request.query.lang,
          request.query.craft || undefined,
        );
        return { status: true as const, data, crafts };
      },
    );
    app.get(
      '/api/faqs',
      {
        schema: {
          tags: ['content'],
          summary: 'Frequently asked questions (signed in)',
          security: signedInSecurity(),
          querystring: z.object({ lang: z.string().max(5).optional() }),
          response: { 200: FaqsResponse },
        },
      },
      async (request) => {
        requireUser(request);
        const parsed = LangParam.safeParse(request.query.lang);
        if (!parsed.success) throw fieldError({ lang: 'Language must be en, fr or es' });
        return answerData(
          await listFaqs(app.db, callerLang(request, request.query.lang, parsed.data)),
        );
      },
    );
    app.get(
      '/api/support',
      {
        schema: {
          tags: ['content'],
          summary: "Searches FAQs and support articles in the caller's language (signed in)",
          security: signedInSecurity(),
          querystring: z.object({
            question: z.string().optional(),
            lang: z.string().max(5).optional(),
          }),
          response: { 200: SupportResponse },
        },
      },
      async (request) => {
        requireUser(request);
        const parsedQ = SupportQuery.safeParse({ question: request.query.question });
        if (!parsedQ.success)
          throw fieldError({
            question: parsedQ.error.issues[0]?.message ?? 'Question is required',
          });
        const parsedLang = LangParam.safeParse(request.query.lang);
        if (!parsedLang.success) throw fieldError({ lang: 'Language must be en, fr or es' });
        const lang = callerLang(request, request.query.lang, parsedLang.data);
        const question = parsedQ.data.question;
        return {
          status: true as const,
          question,
          lang,
          data: await searchSupport(app.db, lang, question),
        };
      },
    );

    // Stored files: keys are random and never reused, so they can be cached for a year.
    app.get(
      '/files/*',
      {
        schema: {
          tags: ['content'],
          summary: 'A stored content file (PDF or image); ?download=1 asks the browser to save it',
          querystring: z.object({
            download: z.string().optional(),
            name: z.string().max(120).optional(),
          }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!/^content\/[a-z_]+\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/.test(key))
          throw new AppError('NOT_FOUND', 'No such file');
        const data = await files.get(key);
        if (!data) throw new AppError('NOT_FOUND', 'No such file');
        const base = (request.query.name ?? '')
          .replace(/[^\p{L}\p{N} ._-]+/gu, '')
          .trim()
          .slice(0, 100);
        const ext = key.slice(key.lastIndexOf('.'));
        const filename = (base || key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'))) + ext;
        const disposition =
          request.query.download === '1' || request.query.download === 'true'
            ? 'attachment'
            : 'inline';
        const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
        return reply
          .header('content-type', mimeOfKey(key))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header(
            'content-disposition',
            `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
          )
          .header('cross-origin-resource-policy', 'same-origin')
          .send(data);
      },
    );

    // ---- Staff content management (401 guests, 403 customers and staff without `content`) ----
    const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
      staffRouteGroup(admin, ['content'], { tag: 'admin-content' });
      const kindParams = z.object({ kind: ContentKindParam });
      const itemParams = z.object({ kind: ContentKindParam, id: IdParam });

      admin.get(
        '/api/admin/content/:kind',
        {
          schema: {
            summary: 'Every item of a kind with its translations',
            params: kindParams,
            response: { 200: AdminContentListResponse },
          },
        },
        async (request) => answerData(await adminListItems(app.db, request.params.kind)),
      );
      admin.post(
        '/api/admin/content/:kind',
        {
          schema: {
            summary:
              'Adds an item: three translations (title_en/fr/es, body_en/fr/es) and files (file, file_fr, file_es, cover) as multipart',
            params: kindParams,
            response: { 201: AdminContentItemResponse },
          },
        },
        async (request, reply) => {
          const { fields, uploads } = await readForm(request, request.params.kind);
          const data = await adminCreateItem(
            app.db,
            files,
            request.params.kind,
            fields,
            uploads,
            staffOf(request),
          );
          return reply.status(201).send(answerData(data));
        },
      );
      admin.put(
        '/api/admin/content/:kind/:id',
        {
          schema: {
            summary: 'Replaces the texts of an item',
            params: itemParams,
            response: { 200: AdminContentItemResponse },
          },
        },
        async (request) => {
          const { fields, uploads } = await readForm(request, request.params.kind);
          if (Object.keys(uploads).length)
            throw fieldError({ file: 'Replace files with PUT …/:id/file' });
          return answerData(
            await adminUpdateTexts(
              app.db,
              request.params.kind,
              request.params.id,
              fields,
              staffOf(request),
            ),
          );
        },
      );
      admin.put(
        '/api/admin/content/:kind/:id/file',
        {
          schema: {
            summary:
              'Replaces one file of an item (multipart field file, file_fr, file_es or cover)',
            params: itemParams,
            response: { 200: AdminContentItemResponse },
          },
        },
        async (request) => {
          if (!request.isMultipart())
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
              fields: { file: 'Send the file as multipart/form-data' },
            });
          const { uploads } = await readForm(request, request.params.kind);
          return answerData(
            await adminReplaceFile(
              app.db,
              files,
              request.params.kind,
              request.params.id,
              uploads,
              staffOf(request),
            ),
          );
        },
      );
      admin.post(
        '/api/admin/content/:kind/reorder',
        {
          schema: {
            summary: 'Sets the display order: ids lists every item of the kind, first shown first',
            params: kindParams,
            body: ReorderBody,
            response: { 200: AdminContentListResponse },
          },
        },
        async (request) =>
          answerData(
            await adminReorder(app.db, request.params.kind, request.body.ids, staffOf(request)),
          ),
      );
      admin.delete(
        '/api/admin/content/:kind/:id',
        {
          schema: {
            summary: 'Deletes an item and its files',
            params: itemParams,
            response: { 200: OkBody },
          },
        },
        async (request) => {
          await adminDeleteItem(
            app.db,
            files,
            request.params.kind,
            request.params.id,
            staffOf(request),
          );
          return { status: true as const };
        },
      );
    };
    await app.register(adminRoutes);
  };
}
