import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  buyer,
  change,
  placeThroughCart,
  staff,
  t,
  useOrderDeskTestApp,
} from './order-desk.test-app';

useOrderDeskTestApp();

/** GET /api/admin/orders?qs as staff; the answer's body. */
async function list(qs: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/admin/orders?${qs}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('order desk list', () => {
  it('filters by status, country, customer and text, sorts, pages and counts per status', async () => {
    const c = await t.signIn({ ownerName: 'Zoé Quilting', companyName: 'Atelier Zed' });
    const first = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-ZED-1');
    const second = await placeThroughCart(c.headers, [['BIG', 1]], 'PO-ZED-2');
    await change(second, { status: 'accepted' });
    const byCustomer = await list(`customer_id=${c.userId}`);
    expect(byCustomer.data.map((o: { order_id: number }) => o.order_id)).toEqual([second, first]);
    expect(byCustomer.counts).toEqual({ placed: 1, accepted: 1 });
    expect(byCustomer.data[0]).toMatchObject({
      customer_name: 'Zoé Quilting',
      company_name: 'Atelier Zed',
    });
    expect((await list(`customer_id=${c.userId}&status=accepted`)).data).toHaveLength(1);
    expect((await list('q=zed-1')).data.map((o: { order_id: number }) => o.order_id)).toEqual([
      first,
    ]);
    expect((await list('q=atelier')).total).toBe(2);
    expect((await list(`q=${first}`)).data.map((o: { order_id: number }) => o.order_id)).toContain(
      first,
    );
    expect((await list(`customer_id=${c.userId}&sort=total_asc`)).data[0].order_id).toBe(second);
    const paged = await list(`customer_id=${c.userId}&per_page=1&page=2`);
    expect(paged).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    // A later page skips the orders before it by id first, then reads its rows and customers.
    expect(paged.data).toMatchObject([{ order_id: first, customer_name: 'Zoé Quilting' }]);
    const sortedPage = await list(`customer_id=${c.userId}&sort=total_asc&per_page=1&page=2`);
    expect(sortedPage.data.map((o: { order_id: number }) => o.order_id)).toEqual([first]);
    expect((await list('country=us')).total).toBe(0);
    expect((await list('q=100%25_')).total).toBe(0);
  });

  it('answers each filter of one shape with its own values (one statement text per shape)', async () => {
    const a = await t.signIn({
      ownerName: 'Shape Alpha',
      companyName: 'Alpha Looms',
      country: 'ca',
    });
    const b = await t.signIn({ ownerName: 'Shape Beta', companyName: 'Beta Looms', country: 'ca' });
    const fromA = await placeThroughCart(a.headers, [['BIG', 2]], 'SHAPE-A-77');
    const fromB = await placeThroughCart(b.headers, [['BIG', 2]], 'SHAPE-B-88');
    await change(fromB, { status: 'accepted' });
    const ids = async (qs: string) =>
      (await list(qs)).data.map((o: { order_id: number }) => o.order_id);
    // Same shapes, other values: the statement built for the first must not keep its values.
    expect(await ids(`customer_id=${a.userId}`)).toEqual([fromA]);
    expect(await ids(`customer_id=${b.userId}`)).toEqual([fromB]);
    expect(await ids(`customer_id=${a.userId}&status=placed`)).toEqual([fromA]);
    expect(await ids(`customer_id=${b.userId}&status=placed`)).toEqual([]);
    expect(await ids(`customer_id=${b.userId}&status=accepted`)).toEqual([fromB]);
    expect(await ids('q=alpha')).toEqual([fromA]);
    expect(await ids('q=beta')).toEqual([fromB]);
    expect(await ids('q=shape-a')).toEqual([fromA]);
    expect(await ids('q=shape-b')).toEqual([fromB]);
    expect(await ids(`q=${fromB}`)).toContain(fromB);
    expect(await ids(`q=${fromB}`)).not.toContain(fromA);
    expect((await list(`customer_id=${a.userId}&per_page=1&page=2`)).data).toEqual([]);
    expect((await list(`customer_id=${b.userId}`)).counts).toEqual({ accepted: 1 });
    expect((await list(`customer_id=${a.userId}`)).counts).toEqual({ placed: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`customer_id=${a.userId}&from=${today}&to=${today}`)).toEqual([fromA]);
    expect(await ids(`customer_id=${a.userId}&from=2001-01-01&to=2001-01-31`)).toEqual([]);
  });

  it('gives each row its total before taxes and with them (what the customer owes), on any page', async () => {
    const c = await t.signIn({ ownerName: 'Taxed Twice', companyName: 'Teinturerie Taxe' });
    const first = await placeThroughCart(c.headers, [['BIG', 2]]);
    const second = await placeThroughCart(c.headers, [['BIG', 1]]);
    // This test app's customers ship nowhere taxed: the estimate is set as placing would write it.
    await t.handle.db.execute(
      sql`update orders set tax_cents = total_cents * 13 / 100 where id in (${first}, ${second})`,
    );
    const stored = await t.handle.db.execute<{ id: number; total: number; tax: number }>(
      sql`select id, total_cents as total, tax_cents as tax from orders where id in (${first}, ${second})`,
    );
    const expected = new Map(
      stored.rows.map((r) => [
        Number(r.id),
        { total: Number(r.total) / 100, total_with_tax: (Number(r.total) + Number(r.tax)) / 100 },
      ]),
    );
    expect(expected.get(first)!.total_with_tax).toBeGreaterThan(expected.get(first)!.total);
    // The first page joins the customers directly; a later one reads its rows by id (two shapes).
    for (const qs of [`customer_id=${c.userId}`, `customer_id=${c.userId}&per_page=1&page=2`]) {
      for (const row of (await list(qs)).data as Array<{ order_id: number }>)
        expect(row).toMatchObject(expected.get(row.order_id)!);
    }
  });

  it('counts an order a text matches several ways (its PO and its customer) once', async () => {
    const named = await t.signIn({ ownerName: 'Overlap Crafts', companyName: null });
    const other = await t.signIn({ ownerName: 'Someone Else', companyName: 'Elsewhere' });
    const both = await placeThroughCart(named.headers, [['BIG', 2]], 'PO-OVERLAP-1');
    const byName = await placeThroughCart(named.headers, [['BIG', 1]]);
    const byPo = await placeThroughCart(other.headers, [['BIG', 2]], 'OVERLAP-9');
    await change(byName, { status: 'accepted' });
    const found = await list('q=overlap');
    expect(found.counts).toEqual({ placed: 2, accepted: 1 });
    expect(found.total).toBe(3);
    expect(found.data.map((o: { order_id: number }) => o.order_id)).toEqual([byPo, byName, both]);
    expect((await list('q=overlap&status=placed')).total).toBe(2);
    expect((await list(`q=overlap&customer_id=${other.userId}`)).counts).toEqual({ placed: 1 });
    expect((await list('q=overlap&country=us')).counts).toEqual({});
  });

  it('keeps the counts per status right when orders change elsewhere (change feed) and here', async () => {
    const c = await t.signIn({ ownerName: 'Counted Customer', companyName: 'Tally Fabrics' });
    const a = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-TALLY-1');
    const b = await placeThroughCart(c.headers, [['BIG', 1]], 'PO-TALLY-2');
    const counts = async (qs: string) => (await list(qs)).counts;
    // The status tab, the text search and the page share the counts of their filter.
    expect(await counts(`customer_id=${c.userId}`)).toEqual({ placed: 2 });
    expect(await counts(`customer_id=${c.userId}&status=accepted&page=2`)).toEqual({ placed: 2 });
    expect(await counts('q=tally')).toEqual({ placed: 2 });
    // Another process (an ERP script, a second API instance) changes an order in SQL: the
    // notification on ws_orders drops the cached counts.
    await t.handle.db.execute(sql`update orders set status = 'cancelled' where id = ${a}`);
    await expect.poll(() => counts(`customer_id=${c.userId}`)).toEqual({ placed: 1, cancelled: 1 });
    await expect.poll(() => counts('q=tally')).toEqual({ placed: 1, cancelled: 1 });
    // A change made through the desk shows in the very next list, and other processes hear of
    // it: the desk notifies ws_orders itself once the change has committed (migration 0022).
    const heard = new Promise<void>((resolve) =>
      t.app.changeFeed.subscribe('ws_orders', () => resolve()),
    );
    expect((await change(b, { status: 'accepted' })).statusCode).toBe(200);
    expect(await counts(`customer_id=${c.userId}`)).toEqual({ accepted: 1, cancelled: 1 });
    await heard;
  });

  it('looks up the customers a text names once, and again after a rename or a first order', async () => {
    const c = await t.signIn({ ownerName: 'Ottilie Quenneville', companyName: 'Brocante Xyst' });
    const first = await placeThroughCart(c.headers, [['BIG', 2]]);
    const ids = async (qs: string) =>
      (await list(qs)).data.map((o: { order_id: number }) => o.order_id);
    const names = () => t.app.caches.stats()['orders.desk-names'];
    expect(await ids('q=quenneville')).toEqual([first]);
    // The same text on another tab, page or sort asks for no second lookup. The first order's
    // notice may still be on its way over LISTEN and drop the lookups once; after it, it hits.
    const hitsWithoutLookup = async () => {
      const before = names();
      expect(await ids('q=quenneville&status=placed&sort=total_desc')).toEqual([first]);
      const after = names();
      return after.hits === before.hits + 1 && after.misses === before.misses;
    };
    await expect.poll(hitsWithoutLookup).toBe(true);
    // Renamed elsewhere (SQL): the user change notice drops the lookups.
    await t.handle.db.execute(
      sql`update users set owner_name = 'Ottilie Zwingli' where id = ${c.userId}`,
    );
    // NOTE: both texts in one poll: "zwingli" was never looked up, so it finds the order before
    // the notice has dropped the kept "quenneville" lookup.
    await expect
      .poll(async () => [await ids('q=zwingli'), await ids('q=quenneville')])
      .toEqual([[first], []]);
    // A customer the text named without orders places a first one: the orders notice drops them.
    const other = await t.signIn({ ownerName: 'Yvonne Zwingli' });
    expect(await ids('q=yvonne')).toEqual([]);
    const second = await placeThroughCart(other.headers, [['BIG', 2]]);
    await expect.poll(() => ids('q=yvonne')).toEqual([second]);
  });

  it('refuses bad filters with a message naming the field', async () => {
    for (const [qs, field] of [
      ['status=lost', 'status'],
      ['country=fr', 'country'],
      ['from=yesterday', 'from'],
      ['per_page=5000', 'per_page'],
      ['updated_since=soon', 'updated_since'],
      ['q=' + 'x'.repeat(101), 'q'],
      // A customer number the database cannot hold is refused, not sent to it (a 500 before).
      ['customer_id=2147483648', 'customer_id'],
      ['customer_id=0', 'customer_id'],
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/admin/orders?${qs}`,
        headers: staff.headers,
      });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.fields, qs).toHaveProperty(field);
    }
  });

  it('exports a PO number written as a formula neutralised, never as a live formula', async () => {
    const c = await t.signIn();
    const po = '=HYPERLINK("http://x","y")';
    await placeThroughCart(c.headers, [['BIG', 2]], po);
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?customer_id=${c.userId}`,
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    const [, line] = csv.body.trim().split('\n');
    expect(line).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(line).not.toMatch(/,=/);
  });

  it('exports the filtered list as CSV and prints a picking list', async () => {
    const c = await t.signIn({ ownerName: 'Csv, "Quoted" Buyer' });
    const id = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-CSV');
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?customer_id=${c.userId}`,
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    // The first columns keep their place (order-desk.warehouse.test.ts checks the added ones).
    expect(lines[0]).toMatch(
      /^order_id,date,status,country,customer_id,customer_name,company_name,po_number,total,/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},`);
    expect(lines[1]).toContain('"Csv, ""Quoted"" Buyer"');
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}/picking-list.pdf`,
      headers: staff.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows staff the order with its customer, comment, PO and who changed it', async () => {
    const id = await placeThroughCart(buyer.headers, [['BIG', 2]], 'PO-DETAIL');
    await change(id, { status: 'accepted', note: 'Checked credit' });
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: staff.headers,
    });
    const o = res.json().order;
    expect(o).toMatchObject({
      po_number: 'PO-DETAIL',
      status: 'accepted',
      allowed: ['picking', 'cancelled'],
    });
    expect(o.customer).toMatchObject({
      name: 'Béatrice Buyer',
      company: 'Mercerie Laval',
      lang: 'fr',
    });
    expect(o.history[1]).toMatchObject({
      status: 'accepted',
      by: 'Sam Staff',
      note: 'Checked credit',
    });
  });
});
