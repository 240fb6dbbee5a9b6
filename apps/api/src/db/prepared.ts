import { createHash } from 'node:crypto';
import { fillPlaceholders, is, Param, Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { namedRunner, type Tx } from './client';

/** A Drizzle query builder (select, insert, update, delete) whose values are `sql.placeholder`s. */
type Preparable<TRow> = {
  prepare(name: string): { execute(params?: Record<string, unknown>): Promise<TRow[]> };
};

type Prepared<TRow> = { execute(params?: Record<string, unknown>): Promise<TRow[]> };

const dialect = new PgDialect();

/**
 * A NAMED prepared statement: built once per database (or transaction), so neither Drizzle nor
 * PostgreSQL parses and plans it again (that halves the cost of a short hot statement). Pass a query
 * builder (`(tx) => tx.select()...where(eq(col, sql.placeholder('id')))`, prepared with Drizzle's
 * `.prepare(name)`) or, for what the builder cannot express, raw SQL with `sql.placeholder`s. The
 * returned function runs it with the placeholders' values. On PGlite the name is ignored.
 */
export function prepared<TRow, TParams extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  statement: SQL | ((tx: Tx) => Preparable<TRow>),
): (tx: Tx, params?: TParams) => Promise<TRow[]> {
  const build: (tx: Tx) => Prepared<TRow> =
    typeof statement === 'function'
      ? (tx) => statement(tx).prepare(name)
      : rawStatement(statement, name);
  const byDatabase = new WeakMap<Tx, Prepared<TRow>>();
  return (tx, params) => {
    let query = byDatabase.get(tx);
    if (!query) byDatabase.set(tx, (query = build(tx)));
    return query.execute(params);
  };
}

/**
 * Runs a statement built anew on each call (its values are parameters) as a NAMED prepared
 * statement, named by a hash of its text: PostgreSQL parses and plans each distinct text once per
 * connection. For statements whose every plan is the same whatever the values (lookups by key,
 * inserts), not for skewed filters (a named statement may settle on one generic plan).
 * NOTE: building the text (Drizzle), hashing it and building it a second time for the statement
 * were a good share of an uncached catalogue listing's CPU in the API; the text is built once per
 * call and its name remembered.
 */
export async function executeNamed<T>(tx: Tx, query: SQL): Promise<{ rows: T[] }> {
  const run = namedRunner(tx);
  if (!run) return (await tx.execute(query)) as unknown as { rows: T[] };
  const built = dialect.sqlToQuery(query);
  return (await run(statementName(built.sql), built.sql, built.params)) as { rows: T[] };
}

/**
 * The distinct texts are the few shapes of the callers' statements (values are parameters). NOTE: a
 * bounded memo of a pure function (a text's hash), the same for every app and database.
 */
// eslint-disable-next-line no-restricted-syntax -- a bounded memo of a pure function of its key
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ws_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Raw SQL as a named statement. NOTE: Drizzle's public API names only query builders' statements
 * (`db.execute` takes no name), and a statement whose WITH holds an INSERT cannot be wrapped in a
 * builder (PostgreSQL allows data-modifying WITH only at the top level), so the text is built once
 * here and node-postgres runs it by name (db/client.ts `namedRunner`). Where there is no runner
 * (PGlite, which ignores names; a savepoint's transaction) Drizzle runs it with the values in place.
 */
function rawStatement<TRow>(statement: SQL, name: string): (tx: Tx) => Prepared<TRow> {
  const query = dialect.sqlToQuery(statement);
  return (tx) => {
    const run = namedRunner(tx);
    return {
      execute: async (params = {}) =>
        run
          ? ((await run(name, query.sql, fillPlaceholders(query.params, params))).rows as TRow[])
          : ((await tx.execute(withValues(statement, params))) as unknown as { rows: TRow[] }).rows,
    };
  };
}

/**
 * The statement with each placeholder replaced by its value (one parameter each, arrays too). A
 * builder's placeholder (a column's value) keeps the column's encoding (jsonb, dates).
 */
function withValues(statement: SQL, values: Record<string, unknown>): SQL {
  return new SQL(statement.queryChunks.map((chunk) => chunkWithValues(chunk, values)));
}

type Chunk = SQL['queryChunks'][number];

function chunkWithValues(chunk: Chunk, values: Record<string, unknown>): Chunk {
  if (is(chunk, Placeholder)) return new Param(values[chunk.name]);
  if (is(chunk, Param) && is(chunk.value, Placeholder))
    return new Param(values[chunk.value.name], chunk.encoder);
  if (is(chunk, SQL)) return withValues(chunk, values);
  if (Array.isArray(chunk)) return chunk.map((c: Chunk) => chunkWithValues(c, values));
  return chunk;
}

/**
 * A module's share of a statement that several modules write together (a data-modifying CTE
 * each): its text, with a `sql.placeholder` for every value, and this call's values. Every call of
 * one `shape` builds the same text, so the statement composed of the parts is built once per
 * shape (composedStatement). Placeholder names start with the module's prefix, so parts never
 * collide.
 */
export type StatementPart = {
  shape: string;
  build: (tx: Tx) => SQL;
  values: Record<string, unknown>;
};

/**
 * A part writing one row: `build` receives a placeholder for each key of `row` (named
 * `<prefix>_<key>`; pass them to a builder's `values` or `set`), the part's values are the row's.
 */
export function rowPart<TRow extends Record<string, unknown>>(
  prefix: string,
  row: TRow,
  build: (tx: Tx, placeholders: { [K in keyof TRow]: Placeholder }) => SQL,
): StatementPart {
  const keys = Object.keys(row);
  const { names, shape } = rowShape(prefix, keys);
  const values: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i += 1) values[names[i]] = row[keys[i]];
  return {
    shape,
    build: (tx) =>
      build(
        tx,
        Object.fromEntries(keys.map((k, i) => [k, sql.placeholder(names[i])])) as {
          [K in keyof TRow]: Placeholder;
        },
      ),
    values,
  };
}

/**
 * The last keys seen per prefix, with their placeholders' names and the shape they make. NOTE: a
 * memo of a pure function of (prefix, keys), checked on each use; the same for every app.
 */
// eslint-disable-next-line no-restricted-syntax -- a memo of a pure function, checked on each use
const rowShapes = new Map<string, { keys: string[]; names: string[]; shape: string }>();

// NOTE: the names and the shape were strings built anew for every row (a row part per module per
// status change); a prefix's rows have the same keys, so they are built again only when they differ.
function rowShape(prefix: string, keys: string[]): { names: string[]; shape: string } {
  const known = rowShapes.get(prefix);
  if (known && known.keys.length === keys.length && known.keys.every((k, i) => k === keys[i]))
    return known;
  const shape = { keys, names: keys.map((k) => `${prefix}_${k}`), shape: `${prefix}(${keys})` };
  rowShapes.set(prefix, shape);
  return shape;
}

/**
 * The parts' texts; refused when two share a placeholder's name (two parts of one module, say):
 * one value would fill both.
 */
function distinctPlaceholders(parts: StatementPart[], tx: Tx): SQL[] {
  const owner = new Map<string, number>();
  return parts.map((part, i) => {
    const text = part.build(tx);
    for (const name of placeholderNames(text)) {
      const other = owner.get(name);
      if (other !== undefined && other !== i)
        throw new Error(`Statement parts ${other} and ${i} share the placeholder "${name}"`);
      owner.set(name, i);
    }
    return text;
  });
}

function placeholderNames(chunk: Chunk, names: string[] = []): string[] {
  if (is(chunk, Placeholder)) names.push(chunk.name);
  else if (is(chunk, Param) && is(chunk.value, Placeholder)) names.push(chunk.value.name);
  else if (is(chunk, SQL)) for (const c of chunk.queryChunks) placeholderNames(c, names);
  else if (Array.isArray(chunk)) for (const c of chunk as Chunk[]) placeholderNames(c, names);
  return names;
}

/**
 * A statement composed of parts, built once per shape (its parts' shapes, in order) and run as a
 * NAMED statement with each call's values: neither Drizzle nor PostgreSQL builds, parses or plans
 * it again. `compose` receives the parts' texts in the order given. Only for statements whose
 * every plan is the same whatever the values (lookups by key, inserts). At `max` shapes all are
 * dropped and built again on demand.
 */
export function composedStatement<TRow>(
  name: string,
  compose: (parts: SQL[]) => SQL,
  max = 64,
): (tx: Tx, parts: StatementPart[]) => Promise<TRow[]> {
  const byShape = new Map<string, (tx: Tx, values: Record<string, unknown>) => Promise<TRow[]>>();
  return async (tx, parts) => {
    const shape = parts.map((p) => p.shape).join(' ');
    let run = byShape.get(shape);
    if (!run) {
      if (byShape.size >= max) byShape.clear();
      // The name depends on the text's shape only: a connection that prepared it keeps it.
      const hash = createHash('sha1').update(shape).digest('hex').slice(0, 16);
      run = prepared<TRow>(`${name}_${hash}`, compose(distinctPlaceholders(parts, tx)));
      byShape.set(shape, run);
    }
    const values: Record<string, unknown> = {};
    for (const part of parts) Object.assign(values, part.values);
    return run(tx, values);
  };
}

/**
 * Query builders' statements kept per key (their shape) and database, built by Drizzle once, sent
 * UNNAMED with each run's placeholder values: PostgreSQL parses and plans every run with the
 * actual values (what a named statement stops doing once it settles on a generic plan, bad for
 * skewed filters such as text patterns), while Node skips building the query again. `max` bounds
 * the shapes kept per database (all are dropped when it is reached; they are rebuilt on demand).
 */
export function unnamedStatements(
  max: number,
): <TRow>(tx: Tx, key: string, build: (tx: Tx) => Preparable<TRow>) => Prepared<TRow> {
  const byDatabase = new WeakMap<Tx, Map<string, Prepared<unknown>>>();
  return <TRow>(tx: Tx, key: string, build: (tx: Tx) => Preparable<TRow>) => {
    let statements = byDatabase.get(tx);
    if (!statements) byDatabase.set(tx, (statements = new Map()));
    let statement = statements.get(key) as Prepared<TRow> | undefined;
    if (!statement) {
      if (statements.size >= max) statements.clear();
      statement = build(tx).prepare(UNNAMED);
      statements.set(key, statement);
    }
    return statement;
  };
}

// Drizzle's `prepare(name)` passes the name to the driver; without one (as the builders' own
// `execute` does) node-postgres sends an unnamed statement. Its type asks for a string only.
const UNNAMED = undefined as unknown as string;
