import fs from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
import { AppError } from '../../lib/app-error';
import { requireStaffRole, staffRoutes } from '../../plugins/auth';
import { checkFileKind, formatOfName, openImagesZip, parseHeader } from './import.files';
import { FileRefusal, readRecords, type FileFormat } from './import.records';
import { openRecordParser } from './import.parser';
import {
  exportCatalogueCsv,
  getImport,
  importDeps,
  importTemplateCsv,
  listImports,
  newUploadKey,
  queueImport,
  sweepImportFiles,
} from './import.service';
import { startImportWorker } from './import.worker';
import { importErrorsCsv, importErrorsPage } from './import.errors';
import { sendAttachment } from '../../lib/attachment';

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on']);

function asAppError(refusal: FileRefusal, field: string): AppError {
  const code =
    refusal.status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : refusal.status === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : 'VALIDATION_FAILED';
  return new AppError(code, refusal.message, {
    fields: { [field]: refusal.message },
    ...(refusal.reason ? { reason: refusal.reason } : {}),
  });
}

/**
 * Catalogue imports and exports for staff (docs/product/back-office-catalogue.md): upload → 202 and a
 * job the worker runs in the background; status, errors.csv, history; template and export.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = importDeps(app.config, app.catalogue);
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

  /** Streams the upload's files to disk (never into memory); 413 past the limit. */
  async function receive(request: FastifyRequest) {
    const stored: string[] = [];
    let file: { name: string; key: string; format: FileFormat } | null = null;
    let imagesKey: string | null = null;
    let dryRun = false;
    let createMissing = false;
    try {
      await mkdir(deps.filePath('x').replace(/x$/, ''), { recursive: true });
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'dry_run') dryRun = TRUE_VALUES.has(String(part.value));
          if (part.fieldname === 'create_missing')
            createMissing = TRUE_VALUES.has(String(part.value));
          continue;
        }
        if (part.fieldname !== 'file' && part.fieldname !== 'images') {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `Unexpected file field ${part.fieldname}`, {
            fields: { [part.fieldname]: 'Send the catalogue as file and the images as images' },
          });
        }
        const isFile = part.fieldname === 'file';
        let format: FileFormat = 'csv';
        if (isFile) {
          try {
            format = formatOfName(part.filename);
          } catch (error) {
            part.file.resume();
            throw asAppError(error as FileRefusal, 'file');
          }
        }
        const key = newUploadKey(isFile ? format : 'zip');
        stored.push(key);
        await pipeline(part.file, fs.createWriteStream(deps.filePath(key)));
        if (isFile) file = { name: part.filename, key, format };
        else imagesKey = key;
      }
      if (!file)
        throw new AppError('VALIDATION_FAILED', 'Choose the catalogue file to import', {
          fields: { file: 'Choose the catalogue file to import' },
        });
      const filePath = deps.filePath(file.key);
      try {
        await checkFileKind(filePath, file.format, file.name);
        // The header is read now, so a wrong one is refused before any job exists. A workbook's
        // is read in the parser's thread: exceljs reads all shared strings before the first row. A
        // CSV's first row is read here (at most 1 MB).
        const parser = file.format === 'xlsx' ? openRecordParser(deps.limits) : null;
        try {
          const records = parser
            ? parser.records(filePath, file.format)
            : readRecords(filePath, file.format, deps.limits);
          for await (const cells of records) {
            parseHeader(cells);
            break;
          }
        } finally {
          await parser?.close();
        }
      } catch (error) {
        if (error instanceof FileRefusal) throw asAppError(error, 'file');
        throw error;
      }
      if (imagesKey) {
        try {
          (await openImagesZip(deps.filePath(imagesKey))).close();
        } catch (error) {
          if (error instanceof FileRefusal) throw asAppError(error, 'images');
          throw error;
        }
      }
      return { file, imagesKey, dryRun, createMissing };
    } catch (error) {
      for (const key of stored) await rm(deps.filePath(key), { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        const message = `The file is larger than ${Math.round(maxBytes / 1048576)} MB, the limit of an import`;
        throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
      }
      throw error;
    }
  }

  app.post(
    '/api/admin/imports',
    route({
      summary:
        'Uploads a catalogue file (multipart: file, optional images ZIP, dry_run, create_missing); the import runs in the background',
      response: { 202: AdminImportCreated },
    }),
    async (request, reply) => {
      const user = requireStaffRole(request, 'content');
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
          fields: { file: 'Send the file as multipart/form-data' },
        });
      const upload = await receive(request);
      const id = await queueImport(app.db, {
        fileName: upload.file.name,
        fileKey: upload.file.key,
        format: upload.file.format,
        imagesKey: upload.imagesKey,
        dryRun: upload.dryRun,
        createMissing: upload.createMissing,
        createdBy: user,
      });
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
    async (request) => {
      requireStaffRole(request, 'content');
      return { imports: await listImports(app.db) };
    },
  );

  app.get(
    '/api/admin/imports/template.csv',
    route({ summary: 'The import template (header row)' }),
    async (request, reply) => {
      requireStaffRole(request, 'content');
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
      requireStaffRole(request, 'content');
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
      requireStaffRole(request, 'content');
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
      const user = requireStaffRole(request, 'content');
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
      requireStaffRole(request, 'content');
      const stream = await exportCatalogueCsv(app.db);
      return sendAttachment(reply, 'catalogue.csv', stream);
    },
  );
};
