import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { repackXlsx, repeated, sheetWithGiantCell, workbookParts } from '../../test/xlsx-parts';
import { importJobs } from '../../db/schema';
import { importDeps, sweepImportFiles } from './import.service';
import { runImportQueue } from './import.worker';

/*
 * No upload, however built, can exhaust the API's memory or disk (docs/product/back-office-catalogue.md
 * "Limits"): each file here is built to, and the API must answer 4xx or fail the job with the
 * reason, stay alive, and leave nothing under the imports folder.
 */

let t: TestApp;
let staff: Record<string, string>;
const MAX_ROWS = 50;
// The smallest heap a parser thread may have that still boots and reads a header on Node 26 (16 MB
// did on Node 20; the thread loads the sources through tsx in tests).
const PARSER_MB = 32;

beforeAll(async () => {
  t = await createTestApp({
    seed: { products: 5 },
    ownDataDir: true,
    env: {
      IMPORT_MAX_ROWS: String(MAX_ROWS),
      IMPORT_PARSER_MEMORY_MB: String(PARSER_MB),
    },
  });
  staff = (await t.signIn({ role: 'staff' })).headers;
});
afterAll(() => t.close());

function upload(name: string, data: Buffer, dryRun = true, language = 'en') {
  const form = multipart([
    { name: 'file', filename: name, contentType: 'application/octet-stream', data },
    ...(dryRun ? [{ name: 'dry_run', value: 'true' }] : []),
  ]);
  return t.post(
    '/api/admin/imports',
    { ...form.headers, ...staff, 'accept-language': language },
    form.payload,
  );
}

/** Uploads (202 expected), runs the queue, answers the job. */
async function runJob(name: string, data: Buffer) {
  const res = await upload(name, data);
  expect(res.statusCode, res.body).toBe(202);
  await runImportQueue(importDeps(t.app));
  return (await t.get(`/api/admin/imports/${res.json().import_id}`, staff)).json();
}

const leftovers = () => {
  const imports = path.join(t.config.dataDir, 'imports');
  return fs.existsSync(imports) ? fs.readdirSync(imports) : [];
};

async function expectAlive(heapBefore: number) {
  expect((await t.get('/api/health')).statusCode).toBe(200);
  // Nothing the file held stayed in this process's heap (the bomb inflates to 100 MB).
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  expect(leftovers()).toEqual([]);
}

describe('XLSX files built to exhaust the API', () => {
  it('refuses a workbook whose one cell inflates to 100 MB, before inflating it (413 on file)', async () => {
    const heap = process.memoryUsage().heapUsed;
    const parts = await workbookParts([['sku', 'name_en']]);
    const bomb = await repackXlsx(parts, {
      replace: {
        'xl/worksheets/sheet1.xml': sheetWithGiantCell(['sku', 'name_en'], 'BOMB-1', () =>
          repeated('A', 100 * 1024 * 1024),
        ),
      },
    });
    expect(bomb.length).toBeLessThan(300 * 1024);
    const res = await upload('bomb.xlsx', bomb);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    const error = res.json().error;
    expect(error.fields.file).toMatch(/xl\/worksheets\/sheet1\.xml.*compressed \d+ times/);
    expect(error.reason.key).toBe('IMPORT_ZIP_BOMB');
    await expectAlive(heap);
  });

  it('refuses a workbook whose shared strings outgrow what the parser may hold (413 on file)', async () => {
    const heap = process.memoryUsage().heapUsed;
    const parts = await workbookParts([['sku', 'name_en']]);
    // Random text compresses little: the file passes the ratio check and only the size stops it.
    const strings = Array.from(
      { length: 500 },
      () => `<si><t>${randomBytes(18_000).toString('base64')}</t></si>`,
    );
    const sst = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="400" uniqueCount="400">${strings.join('')}</sst>`,
    );
    expect(sst.length).toBeGreaterThan((PARSER_MB / 4) * 1024 * 1024);
    const res = await upload(
      'strings.xlsx',
      await repackXlsx(parts, { replace: { 'xl/sharedStrings.xml': sst } }),
      true,
      'fr',
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(res.json().error.fields.file).toMatch(/shared texts/);
    expect(res.json().error.reason).toEqual({
      key: 'IMPORT_SHARED_STRINGS',
      params: { limit: PARSER_MB / 4 },
    });
    await expectAlive(heap);
  });

  it('fails the job of a workbook with more rows than IMPORT_MAX_ROWS, naming the limit', async () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => [`ROW-${i}`, 3]);
    const parts = await workbookParts([['sku', 'stock_ca'], ...rows]);
    const job = await runJob('rows.xlsx', await repackXlsx(parts));
    expect(job.status).toBe('failed');
    expect(job.failure).toBe(
      `The file has more than ${MAX_ROWS} rows; split it into smaller files`,
    );
    expect(leftovers()).toEqual([]);
  });

  // A ceiling for a loaded machine: the file is 24 MB.
  it(
    'fails the job when reading the file needs more memory than the parser has, and the API goes on',
    { timeout: 180_000 },
    async () => {
      const heap = process.memoryUsage().heapUsed;
      const parts = await workbookParts([['sku', 'name_en']]);
      // One cell of 24 MB of random text: no ratio or size limit catches it, the parser's heap does.
      const noise = () => Readable.from([randomBytes(18 * 1024 * 1024).toString('base64')]);
      const file = await repackXlsx(parts, {
        replace: {
          'xl/worksheets/sheet1.xml': {
            stored: sheetWithGiantCell(['sku', 'name_en'], 'BIG-1', noise),
          },
        },
      });
      const job = await runJob('heavy.xlsx', file);
      expect(job.status).toBe('failed');
      expect(job.failure).toBe(
        `Reading the file needs more than the ${PARSER_MB} MB an import may use; split it into smaller files`,
      );
      await expectAlive(heap);
    },
  );
});

describe('CSV files built to exhaust the API', () => {
  it('fails the job of a CSV with more rows than IMPORT_MAX_ROWS', async () => {
    const lines = ['sku,stock_ca', ...Array.from({ length: MAX_ROWS + 1 }, (_, i) => `C-${i},1`)];
    const job = await runJob('rows.csv', Buffer.from(lines.join('\n')));
    expect(job.status).toBe('failed');
    expect(job.failure).toBe(
      `The file has more than ${MAX_ROWS} rows; split it into smaller files`,
    );
    expect(leftovers()).toEqual([]);
  });

  it('fails the job of a CSV with a line longer than 1 MB', async () => {
    const data = Buffer.from(`sku,name_en\nLONG-1,${'x'.repeat(2 * 1024 * 1024)}\n`);
    const job = await runJob('long.csv', data);
    expect(job.status).toBe('failed');
    expect(job.failure).toBe('Row 2 is longer than 1 MB; a row may hold at most 1 MB of text');
    expect(leftovers()).toEqual([]);
  });
});

describe('the imports folder after a crash', () => {
  it('removes at start-up, and whenever swept, what no queued or running import needs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-sweep-'));
    const imports = path.join(dir, 'imports');
    fs.mkdirSync(imports);
    const file = (name: string) => path.join(imports, name);
    const age = (name: string, hours: number) => {
      const when = new Date(Date.now() - hours * 3_600_000);
      fs.utimesSync(file(name), when, when);
    };
    const put = (name: string, hours: number) => {
      fs.writeFileSync(file(name), 'x');
      age(name, hours);
      return name;
    };
    // What a previous run left: an upload whose job never came (an hour and more ago), a reordered
    // copy, an upload still arriving in another process, and two files jobs will point at.
    put(`${randomUUID()}.xlsx`, 2);
    put(`${randomUUID()}.xlsx.ordered.xlsx`, 0);
    const arriving = put(`${randomUUID()}.csv`, 0);
    const queued = put(`${randomUUID()}.csv`, 0);
    const finished = put(`${randomUUID()}.zip`, 0);
    const app = await createTestApp({ env: { DATA_DIR: dir } });
    try {
      expect(fs.readdirSync(imports).sort()).toEqual([arriving, queued, finished].sort());
      const { userId } = await app.signIn({ role: 'staff' });
      await app.handle.db.insert(importJobs).values([
        {
          status: 'queued',
          fileName: 'a.csv',
          fileKey: queued,
          fileFormat: 'csv',
          createdBy: userId,
        },
        {
          status: 'done',
          fileName: 'b.csv',
          fileKey: `${randomUUID()}.csv`,
          imagesKey: finished,
          fileFormat: 'csv',
          createdBy: userId,
        },
      ]);
      // A queued job's file is kept however old; a finished job's is not, however new.
      age(queued, 5);
      await sweepImportFiles(importDeps(app.app));
      expect(fs.readdirSync(imports).sort()).toEqual([arriving, queued].sort());
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
