import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { count, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_CODE_FORMAT, formatCustomerCode, isValidUpcA } from '@wholesale/contract';
import { seededTestDatabase } from '../../test/seeded-database';
import { categories, orders, users } from '../schema';
import { DEMO_PASSWORD, generateCatalogue, seedBenchCustomers } from './demo';

const PRODUCTS = 300;

describe('demo data', () => {
  const { db, summary, rows } = seededTestDatabase({ products: PRODUCTS, seed: 7 });

  it('generates exactly the catalogue the journeys and screenshots know (a change to it is deliberate)', () => {
    // sha256 of the generated rows (categories, products, names, prices, groups) for seed 7.
    const fingerprint = (products: number) =>
      createHash('sha256')
        .update(JSON.stringify(generateCatalogue({ products, seed: 7 })))
        .digest('hex');
    expect(fingerprint(PRODUCTS)).toBe(
      '7f2480f67f476b13ddb28d36a9aff2b712bc37d01b2e7994090a49f447ab407d',
    );
    expect(fingerprint(5000)).toBe(
      'ffa180d28aaf35f3c218eb8e3aff558e497609a8769f7753f8a65d8a4ce3bcdd',
    );
  });

  it('is deterministic: the same seed gives the same products, another seed different ones', () => {
    const a = generateCatalogue({ products: 50, seed: 7 });
    const b = generateCatalogue({ products: 50, seed: 7 });
    const c = generateCatalogue({ products: 50, seed: 8 });
    expect(a.products).toEqual(b.products);
    expect(a.translations).toEqual(b.translations);
    expect(a.prices).toEqual(b.prices);
    expect(c.products.map((p) => p.productId)).not.toEqual(a.products.map((p) => p.productId));
  });

  it('stored what the generator produced for that seed', async () => {
    const expected = generateCatalogue({ products: PRODUCTS, seed: 7 });
    const first = await rows<{ product_id: string; name: string }>(sql`
      select p.product_id, t.name from products p join product_translations t on t.product_id = p.id and t.lang = 'fr'
      order by p.id limit 5`);
    expect(first.map((r) => r.product_id)).toEqual(
      expected.products.slice(0, 5).map((p) => p.productId),
    );
    const frNames = expected.translations
      .filter((t) => t.lang === 'fr')
      .slice(0, 5)
      .map((t) => t.name);
    expect(first.map((r) => r.name)).toEqual(frNames);
  });

  it('loads the requested counts and a three-level tree of at least 12 top categories', async () => {
    expect(summary().products).toBe(PRODUCTS);
    const [counts] = await rows<{
      products: string;
      tops: string;
      level3: string;
      groups: string;
    }>(sql`
      select (select count(*) from products) as products,
             (select count(*) from categories where parent_id is null) as tops,
             (select count(*) from categories where level = 3) as level3,
             (select count(*) from product_groups) as groups`);
    expect(Number(counts!.products)).toBe(PRODUCTS);
    expect(Number(counts!.tops)).toBeGreaterThanOrEqual(12);
    expect(Number(counts!.level3)).toBeGreaterThan(0);
    expect(Number(counts!.groups)).toBeGreaterThanOrEqual(5);
  });

  it('has Zippers (hidden), Promotions (sorted last) and Buttons as BT', async () => {
    const tops = await db()
      .select()
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(categories.sortOrder);
    const names = tops.map((r) => r.nameEn);
    expect(names).toContain('Zippers');
    expect(names.at(-1)).toBe('Promotions');
    expect(tops.find((r) => r.nameEn === 'Zippers')!.hidden).toBe(true);
    expect(tops.find((r) => r.nameEn === 'Buttons')!.catCode).toBe('BT');
    const codes = await rows<{ n: string; d: string }>(
      sql`select count(*) as n, count(distinct cat_code) as d from categories`,
    );
    expect(Number(codes[0]!.n)).toBe(Number(codes[0]!.d));
  });

  it('gives every product a valid UPC-A barcode, a unique id and names in en, fr and es', async () => {
    const products = await rows<{ product_id: string; barcode: string; langs: string }>(sql`
      select p.product_id, p.barcode, string_agg(t.lang, ',' order by t.lang) as langs
      from products p left join product_translations t on t.product_id = p.id group by p.id`);
    expect(products).toHaveLength(PRODUCTS);
    expect(new Set(products.map((p) => p.product_id)).size).toBe(PRODUCTS);
    for (const p of products) {
      expect(isValidUpcA(p.barcode), p.barcode).toBe(true);
      expect(p.langs).toBe('en,es,fr');
      expect(p.product_id).toMatch(/^[A-Z]{2}-\d{5}$/);
    }
    const empty = await rows<{ n: string }>(
      sql`select count(*) as n from product_translations where name = '' or description = ''`,
    );
    expect(Number(empty[0]!.n)).toBe(0);
    // Names are rendered as HTML (docs/product/overview-and-routes.md): the generated ones are plain text with no markup characters.
    const markup = await rows<{ n: string }>(
      sql`select count(*) as n from product_translations where name ~ '[<>&"]'`,
    );
    expect(Number(markup[0]!.n)).toBe(0);
    const accented = await rows<{ name: string }>(
      sql`select name from product_translations where lang = 'es' and name ~ '[áéíóúñ]' limit 1`,
    );
    expect(accented).toHaveLength(1);
  });

  it('prices and stock follow the rules: retail above selling, second price lower, class N at 0', async () => {
    const [bad] = await rows<{
      retail: string;
      second: string;
      soon: string;
      countries: string;
    }>(sql`
      select (select count(*) from product_prices where retail_price_cents <= selling_price_cents) as retail,
             (select count(*) from product_prices where selling_price_2_cents >= selling_price_cents) as second,
             (select count(*) from product_prices pp join products p on p.id = pp.product_id where p.class_code = 'N' and pp.available <> 0) as soon,
             (select count(*) from product_prices where country not in ('ca', 'us')) as countries`);
    expect(Object.values(bad!).map(Number)).toEqual([0, 0, 0, 0]);
    const classes = await rows<{ code: string }>(sql`select code from class_codes order by code`);
    expect(classes.map((c) => c.code)).toEqual(expect.arrayContaining(['F', 'R', 'Y', 'N', 'A']));
  });

  it('creates the demo accounts with the demo password, and past orders for the buyers', async () => {
    const accounts = await db().select().from(users).orderBy(users.email);
    const byEmail = new Map(accounts.map((a) => [a.email, a]));
    expect([...byEmail.keys()].sort()).toEqual([
      'admin@example.com',
      'buyer.ca@example.com',
      'buyer.us@example.com',
      'buyer2.ca@example.com',
      'content@example.com',
      'credit@example.com',
      'orders@example.com',
    ]);
    expect(byEmail.get('admin@example.com')!.role).toBe('staff');
    for (const role of ['admin', 'credit', 'orders', 'content'])
      expect(byEmail.get(`${role}@example.com`)!.staffRoles).toEqual([role]);
    expect(byEmail.get('buyer.us@example.com')!.country).toBe('us');
    // One customer-code format: the one approval gives (country prefix, 100000 + the user id).
    for (const account of accounts) {
      if (account.role !== 'customer') expect(account.customerCode).toBeNull();
      else
        expect(account.customerCode).toBe(
          formatCustomerCode(account.country === 'ca' ? 'ca' : 'us', account.id),
        );
    }
    expect(byEmail.get('buyer2.ca@example.com')!.customerCode).toBe('CA100002');
    expect(byEmail.get('buyer.us@example.com')!.customerCode).toBe('US100003');
    expect(byEmail.get('buyer2.ca@example.com')!.lang).toBe('fr');
    const buyerHash = byEmail.get('buyer.ca@example.com')!.passwordHash!;
    expect(await verify(buyerHash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(buyerHash, 'not-the-password')).toBe(false);
    const ordersOf = await db()
      .select({ userId: orders.userId, n: count() })
      .from(orders)
      .groupBy(orders.userId);
    // The established buyers have a history; the new account (CA100002) only its opening order.
    const countOf = (email: string) =>
      ordersOf.find((o) => o.userId === byEmail.get(email)!.id)?.n ?? 0;
    for (const email of ['buyer.ca@example.com', 'buyer.us@example.com'])
      expect(countOf(email)).toBeGreaterThanOrEqual(3);
    expect(countOf('buyer2.ca@example.com')).toBe(1);
    const [totals] = await rows<{ n: string }>(sql`
      select count(*) as n from orders o
      where o.total_cents <> (select coalesce(sum(line_total_cents), 0) from order_lines l where l.order_id = o.id)`);
    expect(Number(totals!.n)).toBe(0);
  });

  it("backs every order's status with what the workflow writes: history, parcel, invoice", async () => {
    // docs/product/back-office-orders.md "Order workflow": placing writes the first step, each
    // step its own (in time order, before now); shipping writes the parcel carrying every line
    // and (accounts-receivable.md "Invoices") the invoice billing exactly those lines.
    const walked = await rows<{ id: number; status: string; path: string; version: number }>(sql`
      select o.id, o.status, o.version,
             string_agg(coalesce(h.from_status, '-') || '>' || h.to_status, ' ' order by h.at, h.id) as path
        from orders o left join order_status_history h on h.order_id = o.id
       group by o.id order by o.id`);
    const paths: Record<string, string> = {
      placed: '->placed',
      accepted: '->placed placed>accepted',
      picking: '->placed placed>accepted accepted>picking',
      cancelled: '->placed placed>cancelled',
      shipped: '->placed placed>accepted accepted>picking picking>shipped',
    };
    expect(walked.some((o) => o.status === 'shipped')).toBe(true);
    for (const order of walked) {
      expect(order.path, `order ${order.id}`).toBe(paths[order.status]);
      expect(Number(order.version), `order ${order.id}`).toBe(order.path.split(' ').length);
    }
    const [unbacked] = await rows<Record<string, string>>(sql`
      select
        (select count(*) from orders o where o.status = 'shipped'
           and (select count(*) from shipments s where s.order_id = o.id) <> 1) as parcels,
        (select count(*) from order_lines l join orders o on o.id = l.order_id
          where (o.status = 'shipped') <> (l.shipment_id is not null)) as lines,
        (select count(*) from shipments s
          where (select count(*) from invoices i where i.shipment_id = s.id) <> 1) as invoices,
        (select count(*) from invoices i join shipments s on s.id = i.shipment_id
          where i.issued_on <> (s.shipped_at at time zone 'America/Toronto')::date
             or i.subtotal_cents <> (select sum(line_total_cents) from order_lines l where l.shipment_id = s.id)) as billed,
        (select count(*) from order_status_history h where h.at > now()) as future,
        (select count(*) from shipments s join order_status_history h
           on h.order_id = s.order_id and h.to_status = 'shipped' where h.at <> s.shipped_at) as stamped,
        (select count(*) from orders where ship_to is null or payment_terms is null) as checkout`);
    expect(Object.fromEntries(Object.entries(unbacked!).map(([k, v]) => [k, Number(v)]))).toEqual({
      parcels: 0,
      lines: 0,
      invoices: 0,
      billed: 0,
      future: 0,
      stamped: 0,
      checkout: 0,
    });
  });

  it('leaves the id sequences past the seeded rows, so later inserts work', async () => {
    const [row] = await rows<{ id: number }>(sql`
      insert into categories (level, cat_code, name_en, name_fr, name_es) values (1, 'ZZ-TEST', 'T', 'T', 'T') returning id`);
    expect(Number(row!.id)).toBeGreaterThan(summary().categories);
  });

  it('adds bench customers with full carts and past orders in bulk', async () => {
    const result = await seedBenchCustomers(db(), { customers: 5, cartLines: 10, orders: 40 });
    expect(result).toEqual({ customers: 5, cartLines: 50, orders: 40, orderLines: 120 });
    const codes = await rows<{ customer_code: string | null }>(
      sql`select customer_code from users where email like 'bench%@example.com'`,
    );
    expect(codes).toHaveLength(5);
    for (const { customer_code } of codes) expect(customer_code).toMatch(CUSTOMER_CODE_FORMAT);
    const [zero] = await rows<{ n: string }>(
      sql`select count(*) as n from orders where total_cents = 0`,
    );
    expect(Number(zero!.n)).toBe(0);
  });
});
