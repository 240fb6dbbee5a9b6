import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MAX_LINE_PACKS, INVOICE_ISSUERS, type InvoiceIssuer } from '@wholesale/contract';
import { privateNetworkProblem } from './lib/outbound-address';

/** Repository root: src/ and dist/ both sit two levels below it (apps/api/src, apps/api/dist). */
/**
 * The search index's default memory budget: a million products take 102 MB (decision 039), so about
 * 1.5 million fit; the index lives in typed arrays beside the 512 MB heap (--max-old-space-size).
 */
const DEFAULT_SEARCH_INDEX_MEMORY_MB = 160;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A whole number of `unit` from `min` to `max`, each refusal saying which bound it broke. `typeMessage`
 * answers a value that is no number at all.
 */
const wholeNumberOf = (
  unit: string,
  min: number,
  max: number,
  typeMessage = `must be a whole number of ${unit}`,
) =>
  z.coerce
    .number({ message: typeMessage })
    .int({ message: `must be a whole number of ${unit}` })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

/** A positive whole number of `unit` with no upper bound (a limit an operator raises at will). */
const positiveCountOf = (unit: string) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int()
    .positive({ message: `must be a positive number of ${unit}` });

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Names proxy-addr knows for whole address ranges (loopback, link-local, unique-local/private). */
const PROXY_RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUST_PROXY: an address, a CIDR block (address/prefix) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off, or the exact addresses of the proxies in front. NOTE: `true` (every hop) lets
 * any client pick its address with X-Forwarded-For, and Fastify ignores a hop count (it cannot
 * tell the proxy from a client that sends the header itself), so neither is accepted.
 */
const TrustProxy = z.string().transform((raw, ctx): false | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'no'].includes(value)) return false;
  if (['true', '1', 'yes'].includes(value) || /^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the address of the proxy in front (e.g. 127.0.0.1, or 172.28.0.10 in compose.yaml), not true or a hop count: those let any client choose its address with X-Forwarded-For',
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false or a comma-separated list of proxy addresses or CIDR blocks (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: the first-run server (demo data, dev mailbox) is not for the network.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_SIZE: wholeNumberOf('connections', 1, 500).default(20),
  ALLOW_EMBEDDED_DATABASE: booleanFlag.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  DEMO_DATA: booleanFlag.optional(),
  APP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hexadecimal characters (a 256-bit key)' })
    .optional(),
  // Comma-separated older keys still read during a rotation; each is checked when the cipher is built.
  APP_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Wholesale Storefront <no-reply@example.com>'),
  STAFF_EMAIL: z
    .string()
    .email({ message: 'must be an e-mail address' })
    .default('credit@example.com'),
  PUBLIC_URL: z.string().url({ message: 'must be a URL such as http://localhost:3000' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a number' }).int().positive().default(1200),
  CACHES: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  SEARCH_INDEX: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  KEPT_PRICE_LISTS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  SEARCH_INDEX_MEMORY_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .positive({ message: 'must be above 0' })
    .default(DEFAULT_SEARCH_INDEX_MEMORY_MB),
  SEARCH_INDEX_SHARED: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  TRUST_PROXY: TrustProxy.optional(),
  MAX_LINE_PACKS: wholeNumberOf('ship packs', 1, 100_000).default(DEFAULT_MAX_LINE_PACKS),
  APPLICATIONS_PER_HOUR: wholeNumberOf('applications', 1, 10_000).default(5),
  WEB_DIST: z.string().optional(),
  CHAT_WIDGET_URL: z
    .string()
    .url({ message: 'must be the https URL of the chat widget script' })
    .optional(),
  GEOLOCATION_URL: z
    .string()
    .url({
      message: 'must be the URL of the IP geolocation service, with {ip} where the address goes',
    })
    .optional(),
  SHUTDOWN_DELAY_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(60_000)
    .optional(),
  SHUTDOWN_TIMEOUT_MS: wholeNumberOf(
    'milliseconds',
    1000,
    300_000,
    'must be a number of milliseconds',
  ).default(10_000),
  METRICS_TOKEN: z
    .string()
    .min(16, { message: 'must be at least 16 characters (a bearer token for /metrics)' })
    .optional(),
  IMPORT_MAX_BYTES: positiveCountOf('bytes').optional(),
  IMPORT_WORKER: booleanFlag.optional(),
  IMPORT_MAX_ROWS: positiveCountOf('rows').optional(),
  IMPORT_PARSER_MEMORY_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .int()
    .min(32, { message: 'must be at least 32 (MB): a parser thread needs that much to start' })
    .optional(),
  // Comma-separated private networks webhooks may reach (an ERP on the LAN); checked below.
  WEBHOOK_PRIVATE_NETWORKS: z.string().optional(),
  ANALYTICS_SCRIPT_URL: z
    .string()
    .url({ message: 'must be the https URL of the analytics script' })
    .optional(),
  INVOICES_ISSUED_BY: z.enum(INVOICE_ISSUERS, { message: 'must be store or erp' }).default('store'),
});

/** Every environment variable the server reads (docs/deploy.md lists each; a test checks). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** A streaming replica answering catalogue and search reads (docs/scaling.md "Read replicas"). */
  databaseReadUrl?: string;
  /** Connections each process's PostgreSQL pool (and replica pool) may open (docs/scaling.md). */
  databasePoolSize: number;
  /** Where the /api rate limit is counted when several processes must share it (docs/scaling.md). */
  redisUrl?: string;
  /** Where PGlite, images, uploads and the dev key live. 'memory' keeps PGlite in memory (tests). */
  dataDir: string;
  pgliteDir: string | 'memory';
  demoData: boolean;
  encryptionKey?: string;
  /** Older keys (hex) still accepted for reading during a key rotation (decision 004). */
  encryptionPreviousKeys: string[];
  smtpUrl?: string;
  mailFrom: string;
  staffEmail: string;
  publicUrl: string;
  logLevel: string;
  rateLimitMax: number;
  /** Most ship packs one cart line may hold (400 above it), so a line total always fits its column. */
  maxLinePacks: number;
  /** Credit applications accepted per IP address per hour (refused ones do not count). */
  applicationsPerHour: number;
  /** CACHES=off: no process cache (benchmarks of the database alone). */
  cachesEnabled: boolean;
  /** SEARCH_INDEX=off: searches rank in PostgreSQL, without the in-process index. */
  searchIndexEnabled: boolean;
  /** Most megabytes the search index may hold; over it, searches rank in PostgreSQL. */
  searchIndexMemoryMb: number;
  /**
   * SEARCH_INDEX_SHARED=off: each process builds its own index from the tables, without loading or
   * writing the shared snapshot (decision 042).
   */
  searchIndexShared: boolean;
  /** KEPT_PRICE_LISTS=off: customer prices read by statement, without the kept price lists. */
  keptPriceListsEnabled: boolean;
  /** The proxies whose X-Forwarded-For is believed (false: none): request.ip is the client's. */
  trustProxy: false | string[];
  webDist: string;
  /** Live-chat widget script, loaded by the SPA for signed-in users only; none by default. */
  chatWidgetUrl?: string;
  /** Analytics script (page views, one geolocation event); none by default. */
  analyticsScriptUrl?: string;
  /** IP geolocation service (docs/product/overview-and-routes.md /ipgeo), `{ip}` replaced by the caller's address; none by default. */
  geolocationUrl?: string;
  /**
   * Bearer token a Prometheus scraper presents at /metrics. Without it, outside production, a
   * caller on this machine that came through no proxy may scrape; in production nobody may.
   */
  metricsToken?: string;
  /**
   * On SIGTERM, how long the process keeps serving while saying it is not ready, so the load
   * balancer stops sending it requests before it closes (docs/deploy.md "Rolling restart").
   */
  shutdownDelayMs: number;
  /**
   * After the listener closed, how long the requests in flight may take to finish before the
   * process gives up on them and exits 1 (docs/deploy.md "Rolling restart").
   */
  shutdownTimeoutMs: number;
  /** Largest catalogue import file (and images ZIP) accepted; 413 beyond. */
  importMaxBytes: number;
  /** Whether this process runs queued catalogue imports (tests drive the worker themselves). */
  importWorker: boolean;
  /**
   * What reading one import file may cost: rows, and the heap of the worker thread that parses it
   * (docs/product/back-office-catalogue.md "Limits").
   */
  importLimits: { maxRows: number; parserMemoryMb: number };
  /** Private networks (CIDR) webhook receivers may be in; none by default (webhooks.url.ts). */
  webhookPrivateNetworks: string[];
  /**
   * Who issues invoices (docs/decisions/037-invoices.md): 'store', one per shipment, or 'erp', the
   * distributor's ERP pushing its own through /api/integrations/invoices (shipments issue none).
   */
  invoicesIssuedBy: InvoiceIssuer;
};

/** A configuration error naming every bad variable, so start-up fails with one clear message. */
export class ConfigError extends Error {}

/**
 * The configuration of a process started from the command line (server, workers, scripts): a
 * configuration error is printed and the process exits with 1, with no stack trace.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads and validates the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const webhookPrivateNetworks = (e.WEBHOOK_PRIVATE_NETWORKS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badNetwork = webhookPrivateNetworks.map(privateNetworkProblem).find(Boolean);
  const problems = [
    ...(e.DATABASE_READ_URL && !e.DATABASE_URL
      ? ['DATABASE_READ_URL: needs DATABASE_URL (a replica of which primary?)']
      : []),
    ...(badNetwork ? [`WEBHOOK_PRIVATE_NETWORKS: ${badNetwork}`] : []),
    ...(e.NODE_ENV === 'production' ? productionProblems(e) : []),
  ];
  if (problems.length)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    encryptionKey: e.APP_ENCRYPTION_KEY,
    encryptionPreviousKeys: (e.APP_ENCRYPTION_PREVIOUS_KEYS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    maxLinePacks: e.MAX_LINE_PACKS,
    applicationsPerHour: e.APPLICATIONS_PER_HOUR,
    cachesEnabled: e.CACHES === 'on',
    searchIndexEnabled: e.SEARCH_INDEX === 'on',
    searchIndexMemoryMb: e.SEARCH_INDEX_MEMORY_MB,
    searchIndexShared: e.SEARCH_INDEX_SHARED === 'on',
    keptPriceListsEnabled: e.KEPT_PRICE_LISTS === 'on',
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    chatWidgetUrl: e.CHAT_WIDGET_URL,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL,
    geolocationUrl: e.GEOLOCATION_URL,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? (e.NODE_ENV === 'production' ? 3000 : 0),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    importMaxBytes: e.IMPORT_MAX_BYTES ?? 50 * 1024 * 1024,
    importWorker: e.IMPORT_WORKER ?? e.NODE_ENV !== 'test',
    importLimits: {
      maxRows: e.IMPORT_MAX_ROWS ?? 200_000,
      parserMemoryMb: e.IMPORT_PARSER_MEMORY_MB ?? 256,
    },
    webhookPrivateNetworks,
    invoicesIssuedBy: e.INVOICES_ISSUED_BY,
  };
}

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Settings a production process must not start with, each with the variable and the reason: a
 * default that is right on a laptop would fail quietly there (docs/deploy.md).
 */
function productionProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (!e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE)
    problems.push(
      'DATABASE_URL: required in production (postgres://…). Without it the process runs the embedded database in DATA_DIR, which only one process may open; set ALLOW_EMBEDDED_DATABASE=true for a single process on a single machine',
    );
  if (!e.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: required in production (https://your.shop): the base of links in e-mails and of canonical page addresses',
    );
  else {
    const url = new URL(e.PUBLIC_URL);
    if (url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname))
      problems.push(
        'PUBLIC_URL: must be an https:// address in production (http only for localhost): links in e-mails would send buyers to an unencrypted page',
      );
  }
  if (!e.APP_ENCRYPTION_KEY)
    problems.push(
      'APP_ENCRYPTION_KEY: required in production (openssl rand -hex 32): it seals the sensitive fields of credit applications',
    );
  return problems;
}
