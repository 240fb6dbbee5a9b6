import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runImportQueue } from './import.worker';
import {
  csv,
  deps,
  heartbeatMinutePasses,
  product,
  staff,
  t,
  topCode,
  upload,
  useImportTestApp,
} from './import.test-app';

useImportTestApp();

describe('catalogue import: one at a time', () => {
  it('gives no process a queued import while another is running, then runs both in order', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const res = await upload(
        csv(['sku,category,class,name_en,price_ca', `ONE-${n},${topCode},A,One ${n},1.00`]),
      );
      ids.push(res.json().import_id);
    }
    const boss = await t.app.jobQueue.boss();
    // A process takes the first import's job (its worker is running it)...
    const [first] = await boss.fetch<{ import_id: number }>('import');
    expect(first.data.import_id).toBe(ids[0]);
    // ...and no process (the queue decides, not the process) gets the second meanwhile.
    expect(await boss.fetch('import')).toEqual([]);
    // That process dies: its job goes back to the queue, and the next run takes both, in order.
    await boss.fail('import', first.id);
    await t.handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'import' and state = 'retry'`,
    );
    expect(await runImportQueue(deps())).toBe(2);
    for (const id of ids)
      expect((await t.get(`/api/admin/imports/${id}`, staff)).json()).toMatchObject({
        status: 'done',
        created: 1,
      });
  });
});

describe('catalogue import: a crash between batches', () => {
  it('leaves every row old or new, and the next run finishes the import', async () => {
    const lines = ['sku,category,class,name_en,price_ca,stock_ca'];
    for (let i = 1; i <= 25; i += 1) lines.push(`CR-${i},${topCode},A,Crash ${i},1.00,${i}`);
    const controller = new AbortController();
    const res = await upload(csv(lines));
    const id = res.json().import_id;
    await runImportQueue(deps(), {
      batchRows: 10,
      signal: controller.signal,
      onBatch: (_job, batch) => batch === 1 && controller.abort(),
    });
    const midway = (await t.get(`/api/admin/imports/${id}`, staff)).json();
    expect(midway).toMatchObject({ status: 'running', rows_done: 10, created: 10 });
    const [{ count }] = (
      (await t.handle.db.execute(
        sql`SELECT count(*)::int AS count FROM products WHERE product_id LIKE 'CR-%'`,
      )) as unknown as { rows: { count: number }[] }
    ).rows;
    expect(count).toBe(10);
    // Each written product has its search document, or is queued to get one (migration 0023).
    expect(await productsWithoutSearchDocument('CR-%')).toEqual([]);

    // Nobody beats the stopped run's job: a minute later it is taken over and resumed.
    await heartbeatMinutePasses();
    await runImportQueue(deps(), { batchRows: 10 });
    const done = (await t.get(`/api/admin/imports/${id}`, staff)).json();
    expect(done).toMatchObject({ status: 'done', rows_done: 25, created: 25, error_count: 0 });
    expect((await product('CR-25'))!.prices.ca.available).toBe(25);
    expect(await queuedSearchDocuments()).toBe(0);
    expect(await productsWithoutSearchDocument('CR-%', { queuedCounts: false })).toEqual([]);
  });

  it('builds, when the worker starts, the search documents a crashed import left queued', async () => {
    // As a batch that committed just before its process died leaves it: texts written, documents
    // queued, not built.
    await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('ws.search_documents', 'deferred', true)`);
      await tx.execute(
        sql`UPDATE product_translations SET name = 'Orphanedword button'
             WHERE lang = 'en' AND product_id = (SELECT id FROM products WHERE product_id = 'CR-7')`,
      );
    });
    expect(await queuedSearchDocuments()).toBe(1);
    const documentHas = async (word: string) => {
      const result = (await t.handle.db.execute(
        sql`SELECT s.doc @@ plainto_tsquery('simple', ${word}) AS has FROM product_search s
             JOIN products p ON p.id = s.product_id WHERE p.product_id = 'CR-7'`,
      )) as unknown as { rows: { has: boolean }[] };
      return result.rows[0].has;
    };
    expect(await documentHas('orphanedword')).toBe(false);

    await runImportQueue(deps());
    expect(await queuedSearchDocuments()).toBe(0);
    expect(await documentHas('orphanedword')).toBe(true);
    const found = await t.get('/api/search/?search_term=orphanedword');
    expect(
      found.json().data.products.data.map((p: { product_id: string }) => p.product_id),
    ).toEqual(['CR-7']);
  });
});

async function queuedSearchDocuments(): Promise<number> {
  const result = (await t.handle.db.execute(
    sql`SELECT count(*)::int AS count FROM product_search_pending`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0].count;
}

/** SKUs like `pattern` with no search document (queued ones count as having one unless told). */
async function productsWithoutSearchDocument(
  pattern: string,
  options = { queuedCounts: true },
): Promise<string[]> {
  const result = (await t.handle.db.execute(
    sql`SELECT p.product_id AS sku FROM products p
         WHERE p.product_id LIKE ${pattern}
           AND NOT EXISTS (SELECT 1 FROM product_search s WHERE s.product_id = p.id)
           AND NOT (${options.queuedCounts}
                    AND EXISTS (SELECT 1 FROM product_search_pending q WHERE q.product_id = p.id))`,
  )) as unknown as { rows: { sku: string }[] };
  return result.rows.map((r) => r.sku);
}
