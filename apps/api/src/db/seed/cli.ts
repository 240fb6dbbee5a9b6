/**
 * npm run seed -- [--products 2000] [--seed 42] [--reset] [--customers N [--cart-lines 50] [--orders 100000]]
 *                  [--price-lists N --price-entries N]
 *
 * Loads the demo catalogue into DATABASE_URL, or the embedded PGlite under ./data when it is unset.
 * Runs the migrations first; --reset empties every data table before loading. --price-lists gives
 * the bench customers N price lists holding --price-entries entries in all (bench-price-lists.ts).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase, runMigrations, type DatabaseHandle } from '../client';
import { seedBenchPriceLists } from './bench-price-lists';
import { seedBenchCustomers, seedDemoData } from './demo';

const USAGE = `usage: npm run seed -- [--products N] [--seed N] [--reset] [--customers N] [--cart-lines N] [--orders N] [--price-lists N] [--price-entries N]`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number (got "${value}")\n${USAGE}`);
  return n;
}

/** Empties every table of the public schema (the migrations' bookkeeping lives in schema drizzle). */
async function resetData(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = result.rows.map((r) => r.tablename);
  if (tables.length)
    await handle.exec(
      `truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`,
    );
  return tables;
}

/**
 * `vacuum analyze` of every table, the biggest first, two at a time on PostgreSQL (the pool's two
 * connections): after a bulk load each table's pass is mostly CPU (visibility map, statistics),
 * which one connection spends on one core.
 */
async function vacuumAnalyze(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') return handle.exec('vacuum analyze');
  const result = await handle.db.execute<{ name: string }>(sql`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%'
     order by pg_total_relation_size(c.oid) desc`);
  const tables = result.rows.map((r) => r.name);
  const worker = async () => {
    for (let table = tables.shift(); table; table = tables.shift())
      await handle.exec(`vacuum analyze ${table}`);
  };
  await Promise.all([worker(), worker()]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      customers: { type: 'string' },
      'cart-lines': { type: 'string' },
      orders: { type: 'string' },
      'price-lists': { type: 'string' },
      'price-entries': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const productCount = positiveInt('products', values.products, 2000);
  const seed = positiveInt('seed', values.seed, 42);
  const customers = positiveInt('customers', values.customers, 0);
  const cartLines = positiveInt('cart-lines', values['cart-lines'], 50);
  const orderCount = positiveInt('orders', values.orders, customers > 0 ? 100_000 : 0);
  const priceLists = positiveInt('price-lists', values['price-lists'], 0);
  const priceEntries = positiveInt('price-entries', values['price-entries'], priceLists * 5000);

  const config = loadConfig();
  const handle = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 2,
  });
  const where = config.databaseUrl
    ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//')
    : config.pgliteDir;
  try {
    let t = Date.now();
    await runMigrations(handle);
    console.log(`migrations applied on ${handle.kind} (${where}) in ${Date.now() - t} ms`);
    if (values.reset) {
      t = Date.now();
      const tables = await resetData(handle);
      console.log(`reset: emptied ${tables.length} tables in ${Date.now() - t} ms`);
    } else {
      const existing = await handle.db.execute<{ n: string }>(
        sql`select count(*) as n from products`,
      );
      if (Number(existing.rows[0]?.n ?? 0) > 0) {
        throw new Error('the database already has products: add --reset to empty it first');
      }
    }
    const summary = await seedDemoData(handle.db, {
      products: productCount,
      seed,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `seeded ${summary.products} products, ${summary.categories} categories, ${summary.productGroups} product groups, ` +
        `${summary.users} demo users, ${summary.orders} demo orders in ${summary.ms} ms`,
    );
    if (customers > 0) {
      t = Date.now();
      const bench = await seedBenchCustomers(handle.db, {
        customers,
        cartLines,
        orders: orderCount,
      });
      console.log(
        `bench data: ${bench.customers} customers, ${bench.cartLines} cart lines, ${bench.orders} orders, ` +
          `${bench.orderLines} order lines in ${Date.now() - t} ms`,
      );
    }
    if (priceLists > 0) {
      t = Date.now();
      const lists = await seedBenchPriceLists(handle.db, {
        lists: priceLists,
        entries: priceEntries,
      });
      console.log(
        `price lists: ${lists.lists} lists, ${lists.entries} entries, ${lists.assignments} assignments, ` +
          `${lists.groups} customer groups in ${Date.now() - t} ms`,
      );
    }
    // NOTE: vacuumed as well as analyzed: a table never vacuumed has no visibility map, so every
    // index-only scan (listing pages, listing sizes, related products) reads the heap as well, which
    // a production database (autovacuum on) does not; the bench PostgreSQL runs with autovacuum off.
    t = Date.now();
    await vacuumAnalyze(handle);
    console.log(`vacuum analyze in ${Date.now() - t} ms`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (!(error instanceof Error)) console.error(error);
  // A failed query's message lists its parameters: a bulk batch's are megabytes of values.
  else console.error(error.message.split('\n')[0]!.slice(0, 500));
  if (error instanceof Error && error.cause instanceof Error) console.error(error.cause.message);
  process.exit(1);
});
