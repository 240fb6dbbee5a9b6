/**
 * API fuzzer: derives requests from the OpenAPI document (/api/docs/json) and sends bad input to
 * every operation as guest, buyer (bearer and cookie session) and staff. Fails (exit 1) on any 5xx
 * and on any body carrying a stack trace or SQL. See tools/fuzz/README.md.
 *
 *   npm run fuzz -- [--count 2000] [--seconds 120] [--seed N] [--base-url URL]
 *                   [--buyer-token T] [--staff-token T] [--json]
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { seedDemoData } from '../../apps/api/src/db/seed/demo';
import { createSession } from '../../apps/api/src/modules/accounts';

type Args = {
  count: number;
  seconds: number;
  seed: number;
  baseUrl?: string;
  buyerToken?: string;
  staffToken?: string;
  json: boolean;
};

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    count: Number(get('count') ?? 300),
    seconds: Number(get('seconds') ?? 60),
    seed: Number(get('seed') ?? Math.floor(Math.random() * 2 ** 31)),
    baseUrl: get('base-url'),
    buyerToken: get('buyer-token') ?? process.env.FUZZ_BUYER_TOKEN,
    staffToken: get('staff-token') ?? process.env.FUZZ_STAFF_TOKEN,
    json: argv.includes('--json'),
  };
}

/** mulberry32: small, seeded, good enough to pick inputs; the seed replays a run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
type Rng = ReturnType<typeof prng>;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  format?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  contentType?: string;
};

const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_000),
  '🧵'.repeat(500),
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301',
  '\ud800',
  "' or '1'='1",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"a":1}',
  'null',
  '1e309',
];
const NASTY_NUMBERS = [
  -1,
  0,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
];
const NASTY_IDS = [
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  '1e3',
  ' 1',
];
/** Dates that name no calendar day (or none a request may mean), for date-formatted fields. */
const IMPOSSIBLE_DATES = [
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2026-02-31',
  '2023-02-29',
  '2026-04-31',
  '2026-00-10',
  '2026-01-00',
  '0001-01-01',
  '9999-12-31',
  '-0001-01-01',
  '+275760-09-13',
  '2026-1-1',
  '20260101',
  '2026-01-01T25:61:00Z',
];
const KINDS = [
  'valid',
  'impossible-date',
  'wrong-type',
  'missing-field',
  'extra-field',
  'nasty-string',
  'nasty-number',
  'malformed-json',
  'wrong-content-type',
  'bad-path-id',
  'nasty-query',
] as const;
type Kind = (typeof KINDS)[number];
const ROLES = ['guest', 'buyer-bearer', 'buyer-cookie', 'staff'] as const;
type Role = (typeof ROLES)[number];

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
}

/** A value that fits the schema, roughly (the fuzzer then breaks one part of it). */
function sample(s: Schema | undefined, rng: Rng, depth = 0): unknown {
  if (!s || depth > 5) return null;
  if (s.enum?.length) return rng.pick(s.enum);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(rng.pick(alt), rng, depth + 1);
  if (s.allOf?.length) return sample(s.allOf[0], rng, depth + 1);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(k) || rng.next() < 0.5) out[k] = sample(v, rng, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: rng.int(3) }, () => sample(s.items, rng, depth + 1));
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1000, 1 + rng.int(50)));
    case 'number':
      return 1 + rng.int(100) / 4;
    case 'boolean':
      return rng.next() < 0.5;
    case 'string':
      if (s.format === 'email') return `fuzz${rng.int(1e6)}@fuzz.example`;
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return `fuzz-${rng.int(1e6)}`;
    default:
      return 'x';
  }
}

/** A date-formatted string field (directly, or as one branch of an optional or blank-able one). */
function isDateSchema(s: Schema | undefined): boolean {
  if (!s) return false;
  if (s.format === 'date') return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some(isDateSchema);
}

function wrongType(s: Schema | undefined, rng: Rng): unknown {
  const t = s ? typeOf(s) : undefined;
  const options: unknown[] = [
    rng.pick(NASTY_STRINGS),
    rng.pick(NASTY_NUMBERS),
    true,
    null,
    [],
    {},
    [1, 'a'],
  ];
  return rng.pick(
    options.filter((v) =>
      t === 'string'
        ? typeof v !== 'string'
        : t === 'object'
          ? Array.isArray(v) || typeof v !== 'object'
          : true,
    ),
  );
}

/** Mutates one field of an object body (or the body itself) according to the kind. */
function mutateBody(body: unknown, schema: Schema | undefined, kind: Kind, rng: Rng): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    if (kind === 'wrong-type') return wrongType(schema, rng);
    return body;
  }
  const obj = { ...(body as Record<string, unknown>) };
  const props = Object.keys(schema?.properties ?? obj);
  const key = props.length ? rng.pick(props) : 'x';
  const fieldSchema = schema?.properties?.[key];
  switch (kind) {
    case 'wrong-type':
      obj[key] = wrongType(fieldSchema, rng);
      break;
    case 'missing-field':
      delete obj[rng.pick(schema?.required?.length ? schema.required : [key])];
      break;
    case 'extra-field':
      obj[`extra_${rng.int(1000)}`] = rng.pick<unknown>([...NASTY_STRINGS, ...NASTY_NUMBERS]);
      break;
    case 'nasty-string':
      obj[key] = rng.pick(NASTY_STRINGS);
      break;
    case 'nasty-number':
      obj[key] = rng.pick(NASTY_NUMBERS);
      break;
    case 'impossible-date': {
      // Every date-formatted field gets one (a body without any is sent as it is).
      const dates = props.filter((k) => isDateSchema(schema?.properties?.[k]));
      for (const k of dates) obj[k] = rng.pick(IMPOSSIBLE_DATES);
      break;
    }
    default:
      break;
  }
  return obj;
}

function operations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // Signing out would end the fuzzer's own sessions; every other operation is fair game.
      if (/logout|sign-?out/i.test(path)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content;
      const contentType = content ? Object.keys(content)[0] : undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: ((op.parameters as Parameter[]) ?? []).filter(Boolean),
        body: contentType ? content?.[contentType]?.schema : undefined,
        contentType,
      });
    }
  }
  return ops;
}

type Request = {
  kind: Kind;
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};

function buildRequest(op: Operation, kind: Kind, role: Role, rng: Rng, auth: Auth): Request {
  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    const value = kind === 'bad-path-id' ? rng.pick(NASTY_IDS) : String(sample(p?.schema, rng));
    return kind === 'bad-path-id' ? value : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    if (kind === 'impossible-date' && isDateSchema(p.schema)) {
      query.set(p.name, rng.pick(IMPOSSIBLE_DATES));
    } else if (kind === 'nasty-query' && rng.next() < 0.6) {
      query.set(
        p.name,
        String(rng.pick<unknown>([...NASTY_STRINGS.slice(0, 12), ...NASTY_NUMBERS, ...NASTY_IDS])),
      );
    } else if (rng.next() < 0.5) {
      const v = sample(p.schema, rng);
      if (v !== null && typeof v !== 'object') query.set(p.name, String(v));
    }
  }
  if (query.size) url += `?${query.toString()}`;
  const headers: Record<string, string> = {};
  if (role === 'buyer-bearer') headers.authorization = `Bearer ${auth.buyer.token}`;
  if (role === 'staff') headers.authorization = `Bearer ${auth.staff.token}`;
  if (role === 'buyer-cookie') {
    headers.cookie = `sid=${auth.buyer.token}; XSRF-TOKEN=${auth.buyer.csrf}`;
    headers['x-xsrf-token'] = auth.buyer.csrf;
  }
  let body: string | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE' && (op.body || kind === 'malformed-json')) {
    const value = mutateBody(sample(op.body, rng), op.body, kind, rng);
    headers['content-type'] =
      kind === 'wrong-content-type'
        ? rng.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data; boundary=x',
          ])
        : 'application/json';
    body =
      kind === 'malformed-json'
        ? rng.pick(['{"a":', '{', '[1,2', '{"a":1}}', 'nul', '\u0000', '{"__proto__":{"x":1}}'])
        : JSON.stringify(value);
  }
  return { kind, role, method: op.method, url, headers, body };
}

// A stack frame ("    at fn (file.ts:12:3)"), an error's stack property, or text only SQL or the
// driver writes. SQL is looked for in error answers only: product text may say "select".
const STACK = /\n\s+at .+:\d+:\d+|"stack"\s*:/;
const SQL =
  /\b(select\s.+\sfrom|insert\s+into|update\s.+\sset|delete\s+from)\b|syntax error at or near|violates .* constraint|relation ".+" does not exist|invalid input syntax for/i;

function problem(status: number, text: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (STACK.test(text)) return 'stack trace in body';
  if (status >= 400 && SQL.test(text)) return 'SQL in body';
  return undefined;
}

type Auth = { buyer: { token: string; csrf: string }; staff: { token: string; csrf: string } };

async function startLocalServer(): Promise<{
  baseUrl: string;
  auth: Auth;
  stop: () => Promise<void>;
}> {
  const handle = await openDatabase({ pgliteDir: 'memory' });
  await runMigrations(handle);
  await seedDemoData(handle.db, { products: 60, seed: 1 });
  const config = loadConfig({
    NODE_ENV: 'development',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000000',
  });
  const app = await buildApp({ config, db: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const passwordHash = await hash('fuzz-password-long-enough');
  const make = async (role: 'customer' | 'staff') => {
    const [row] = await handle.db
      .insert(users)
      .values({
        email: `fuzz-${role}-${randomBytes(3).toString('hex')}@fuzz.example`,
        ownerName: `Fuzz ${role}`,
        passwordHash,
        role,
        country: 'ca',
        lang: 'en',
        staffRoles: role === 'staff' ? ['admin'] : [],
      })
      .returning({ id: users.id });
    const s = await createSession(handle.db, row.id);
    return { token: s.token, csrf: s.csrfToken };
  };
  const auth = { buyer: await make('customer'), staff: await make('staff') };
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    auth,
    stop: async () => {
      await app.close();
      await handle.close();
    },
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rng = prng(args.seed);
  const local = args.baseUrl ? undefined : await startLocalServer();
  const baseUrl = (args.baseUrl ?? local!.baseUrl).replace(/\/$/, '');
  const auth: Auth = local?.auth ?? {
    buyer: { token: args.buyerToken ?? 'none', csrf: 'none' },
    staff: { token: args.staffToken ?? 'none', csrf: 'none' },
  };
  // Read as staff: guests and buyers get a document without the back office (plugins/api-docs.ts).
  const doc = (await (
    await fetch(`${baseUrl}/api/docs/json`, {
      headers: { authorization: `Bearer ${auth.staff.token}` },
    })
  ).json()) as Parameters<typeof operations>[0];
  const ops = operations(doc);
  const dateOps = ops.filter(
    (op) =>
      op.parameters.some((p) => isDateSchema(p.schema)) ||
      Object.values(op.body?.properties ?? {}).some(isDateSchema),
  );
  // Each role must really be signed in, or the run would quietly fuzz everything as a guest.
  for (const role of ROLES.filter((r) => r !== 'guest')) {
    const me = buildRequest(
      { method: 'GET', path: '/api/me', parameters: [] },
      'valid',
      role,
      rng,
      auth,
    );
    const res = await fetch(`${baseUrl}${me.url}`, { headers: me.headers });
    if (res.status !== 200)
      throw new Error(`${role} is not signed in (GET /api/me: ${res.status})`);
  }
  const started = Date.now();
  const deadline = started + args.seconds * 1000;
  const counts = {
    kind: {} as Record<string, number>,
    role: {} as Record<string, number>,
    status: {} as Record<string, number>,
  };
  const failures: { request: Request; status: number; why: string; excerpt: string }[] = [];
  let sent = 0;
  for (; sent < args.count && Date.now() < deadline; sent += 1) {
    const kind = rng.pick(KINDS);
    // Impossible dates go to the operations that take a date (the others have nowhere to put one).
    const op = rng.pick(kind === 'impossible-date' && dateOps.length ? dateOps : ops);
    const request = buildRequest(op, kind, rng.pick(ROLES), rng, auth);
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${baseUrl}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      status = 599;
      text = `request failed: ${(error as Error).message}`;
    }
    counts.kind[request.kind] = (counts.kind[request.kind] ?? 0) + 1;
    counts.role[request.role] = (counts.role[request.role] ?? 0) + 1;
    counts.status[status] = (counts.status[status] ?? 0) + 1;
    const why = problem(status, text);
    if (why) failures.push({ request, status, why, excerpt: text.slice(0, 300) });
  }
  const seconds = (Date.now() - started) / 1000;
  await local?.stop();
  const summary = {
    seed: args.seed,
    requests: sent,
    operations: ops.length,
    dateOperations: dateOps.map((op) => `${op.method} ${op.path}`),
    seconds,
    ...counts,
    failures: failures.length,
  };
  if (args.json) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(
      `fuzz: ${sent} requests over ${ops.length} operations in ${seconds.toFixed(1)} s, seed ${args.seed}`,
    );
    console.log(`  by kind:   ${JSON.stringify(counts.kind)}`);
    console.log(`  by role:   ${JSON.stringify(counts.role)}`);
    console.log(`  by status: ${JSON.stringify(counts.status)}`);
  }
  if (failures.length) {
    console.error(`\n${failures.length} failing request(s) (replay with --seed ${args.seed}):`);
    for (const f of failures.slice(0, 50)) {
      const body = f.request.body ? ` body=${f.request.body.slice(0, 200)}` : '';
      console.error(
        `- ${f.why}: ${f.request.role} ${f.request.kind} ${f.request.method} ${f.request.url.slice(0, 200)}${body}\n    -> ${f.status} ${f.excerpt.replace(/\s+/g, ' ')}`,
      );
    }
    process.exitCode = 1;
  }
}

await main();
