import type { FastifyServerOptions } from 'fastify';

/*
 * What the request log may hold (docs/product/operations.md "Logs"): no token, password or secret
 * reaches a log line. A mailed reset or set-password link opens `/reset-password?token=…`, an ERP
 * calls with `Authorization: Bearer …`, a browser sends its session cookie and XSRF header: the URL
 * serializer masks the query parameters and path segments that carry such values, and pino's
 * redaction censors the headers and any body or error field with a secret's name.
 */

export const MASK = '[redacted]';

/** Query parameter names whose value is a credential (any name containing one of these words). */
const SECRET_NAME = /token|key|secret|passw|code|auth|sig|session|sid|otp|nonce/i;

/**
 * A path segment that looks like a credential rather than a name: long and made of a random
 * alphabet (session and reset tokens, integration secrets, signatures). SKUs, slugs and ids are
 * shorter or carry separators that random tokens of this length do not.
 */
const TOKEN_LIKE_SEGMENT = /^[A-Za-z0-9_~.+=%-]{32,}$/;
/** Path segments after these carry a token whatever it looks like (`/reset-password/<token>`). */
const TOKEN_BEFORE = /^(reset-password|set-password|reset|invite|invitation|token|tokens|verify)$/i;

function maskPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment) return segment;
      if (i > 0 && TOKEN_BEFORE.test(segments[i - 1]) && segment.length >= 16) return MASK;
      return TOKEN_LIKE_SEGMENT.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)
        ? MASK
        : segment;
    })
    .join('/');
}

/**
 * The URL as the log may show it: the path with token-like segments masked, and the value of every
 * query parameter whose name says credential (`token`, `key`, `secret`, `password`, `code`…)
 * replaced by `[redacted]`. Other parameters stay readable (they are what an operator debugs with).
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (q === -1) return maskPath(path);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; its value still goes through the checks below.
      }
      if (eq === -1) return pair;
      const value = pair.slice(eq + 1);
      if (SECRET_NAME.test(decoded)) return `${name}=${MASK}`;
      return `${name}=${maskPath(value)}`;
    })
    .join('&');
  return `${maskPath(path)}?${query}`;
}

/** Header and body paths pino censors wherever a request, an answer or an error is logged. */
// NOTE: not `code` nor `key`: an error's `code` (ECONNREFUSED, 23505) is what an operator needs.
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'password_confirmation',
  'token',
  'secret',
  'authorization',
  'cookie',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-metrics-token"]',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-xsrf-token"]',
  'body',
  '*.body',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
];

/** The parts of a request its log lines show (Fastify passes its request, or the raw one). */
type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** What a request's log lines say about it: no headers, its URL masked. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A credential-named query parameter inside a message text (Fastify writes some URLs into its own). */
const SECRET_IN_TEXT = /([?&][^=&\s]*(?:token|key|secret|passw|code|sig)[^=&\s]*=)[^&\s]+/gi;

/** Where the log lines go; tests pass a stream that collects them. */
export type LogStream = { write: (line: string) => void };

/**
 * The app's pino options: level, redaction, the masking request serializer and, when given, the
 * stream lines go to (tests read the real output through it).
 */
export function loggerOptions(
  level: string,
  extra: { stream?: LogStream; pretty?: boolean } = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: MASK },
    serializers: { req: requestSerializer as never },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((arg) =>
          typeof arg === 'string' ? arg.replace(SECRET_IN_TEXT, `$1${MASK}`) : arg,
        ) as typeof args;
        method.apply(this, masked);
      },
    },
    ...(extra.stream ? { stream: extra.stream } : {}),
    ...(extra.pretty && !extra.stream
      ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
      : {}),
  };
}
