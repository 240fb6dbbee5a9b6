import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminImportCreated,
  AdminImportErrorsCsvQuery,
  AdminImportErrorsPage,
  AdminImportErrorsQuery,
  AdminImportJob,
  AdminImportJobs,
  AdminImportParams,
} from '@wholesale/contract';
import { staffOf, staffRoutes } from '../../plugins/auth';
import {
  acceptImportUpload,
  exportCatalogueCsv,
  getImport,
  importDeps,
  importTemplateCsv,
  listImports,
  sweepImportFiles,
} from './import.service';
import { startImportWorker } from './import.worker';
import { importErrorsCsv, importErrorsPage } from './import.errors';
import { sendAttachment } from '../../lib/attachment';

/**
 * Catalogue imports and exports for staff (docs/product/back-office-catalogue.md): upload → 202 and a
 * job the worker runs in the background; status, errors.csv, history; template and export.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = importDeps(app);
  const maxBytes = app.config.importMaxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 2, fields: 5, fieldSize: 100 },
  });
  let worker: ReturnType<typeof startImportWorker> | null = null;
  // What a process that died mid-import left under the imports folder.
  app.addHook('onReady', async () => {
    const removed = await sweepImportFiles(deps);
    if (removed.length) app.log.info({ files: removed }, 'removed leftover import files');
  });
  if (app.config.importWorker) {
    app.addHook('onReady', async () => {
      worker = startImportWorker(deps, app.log);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  const route = staffRoutes(['content'], { tag: 'catalogue import' });

  app.post(
    '/api/admin/imports',
    route({
      summary:
        'Uploads a catalogue file (multipart: file, optional images ZIP, dry_run, create_missing); the import runs in the background',
      response: { 202: AdminImportCreated },
    }),
    async (request, reply) => {
      const id = await acceptImportUpload(deps, request, staffOf(request), maxBytes);
      worker?.wake();
      return reply.code(202).send({ import_id: id });
    },
  );

  app.get(
    '/api/admin/imports',
    route({
      summary: 'Past imports, newest first',
      response: { 200: AdminImportJobs },
    }),
    async () => {
      return { imports: await listImports(app.db) };
    },
  );

  app.get(
    '/api/admin/imports/template.csv',
    route({ summary: 'The import template (header row)' }),
    async (request, reply) => {
      return sendAttachment(reply, 'catalogue-template.csv', importTemplateCsv());
    },
  );

  app.get(
    '/api/admin/imports/:id',
    route({
      summary: 'Status and counts of one import',
      params: AdminImportParams,
      response: { 200: AdminImportJob },
    }),
    async (request) => {
      return getImport(app.db, request.params.id);
    },
  );

  app.get(
    '/api/admin/imports/:id/errors',
    route({
      summary: 'One page of the refused rows of an import (row, column, value, reason)',
      params: AdminImportParams,
      querystring: AdminImportErrorsQuery,
      response: { 200: AdminImportErrorsPage },
    }),
    async (request) => {
      return importErrorsPage(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/api/admin/imports/:id/errors.csv',
    route({
      summary:
        'The refused rows of an import: row, column, value and reason in the staff member’s language',
      params: AdminImportParams,
      querystring: AdminImportErrorsCsvQuery,
    }),
    async (request, reply) => {
      const user = staffOf(request);
      const lang = request.query.lang ?? user.lang;
      const csv = await importErrorsCsv(app.db, request.params.id, lang);
      return sendAttachment(reply, `import-${request.params.id}-errors.csv`, csv);
    },
  );

  app.get(
    '/api/admin/catalogue/export.csv',
    route({
      summary: 'The whole catalogue in the import format (streamed)',
    }),
    async (request, reply) => {
      const stream = await exportCatalogueCsv(app.db);
      return sendAttachment(reply, 'catalogue.csv', stream);
    },
  );
};
