import { readKeyOf, type ErrorBody } from '@wholesale/contract';
import { clearSession, getStoredUser } from './session';

type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue | ParamValue[]>;
type Options = {
  params?: Params;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A write the server may receive twice (nginx passes a request a closing process dropped to the
   * other one): sent with a new Idempotency-Key, so a repeat is answered without writing again
   * (docs/deploy.md "Rolling restart"). One call is one logical action.
   */
  idempotent?: boolean;
};

/** A failed call: the HTTP status and the API's error body (docs/product/errors-and-constants.md). */
/** Why the server refused, for a text in the user's language (contract ERROR_REASONS). */
export type ApiErrorReason = NonNullable<ErrorBody['error']['reason']>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly reason?: ApiErrorReason;
  /** The server's X-Request-Id: shown with server errors so a report can be found in the logs. */
  readonly requestId?: string;
  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    reason?: ApiErrorReason,
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
    this.requestId = requestId;
  }
}

export const API_BASE = '/api';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** Builds "/api/<path>?<params>", skipping undefined and null values. */
export function buildUrl(path: string, params?: Params): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) query.append(key, String(v));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

// NOTE: reads started this long after the page loaded go to the server: the written answers are
// as old as the page. The layout and a page may read one address under two query keys (the category
// tree), so an answer serves every read of its address until then, or until the app's first write.
const FIRST_ANSWERS_MS = 10_000;
let firstAnswers: Record<string, unknown> = {};
let readBlock: Element | null = null;

/**
 * The server's answer to this read, written into the page it served (api plugins/first-load.ts):
 * the page's first reads then need no round trip after the app's script has run. Keyed as the
 * contract's first-load table keys them (readKeyOf: path and sorted query). A copy: callers own it.
 */
function firstAnswer(url: string): unknown {
  if (performance.now() > FIRST_ANSWERS_MS) return undefined;
  const block = document.getElementById('first-answers');
  if (block && block !== readBlock) {
    readBlock = block;
    try {
      firstAnswers = JSON.parse(block.textContent || '{}');
    } catch {
      firstAnswers = {};
    }
  }
  const { pathname, searchParams } = new URL(url, location.origin);
  const answer = firstAnswers[readKeyOf(pathname, searchParams)];
  return answer === undefined ? undefined : structuredClone(answer);
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: Options = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.idempotent) headers['Idempotency-Key'] ??= crypto.randomUUID();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  const url = buildUrl(path, options.params);
  if (method !== 'GET') firstAnswers = {};
  const first = method === 'GET' ? firstAnswer(url) : undefined;
  if (first !== undefined) return first as T;
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const error = (
      data as {
        error?: {
          code?: string;
          message?: string;
          fields?: Record<string, string>;
          reason?: ApiErrorReason;
        };
      }
    )?.error;
    const apiError = new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'INTERNAL' : 'UNPROCESSABLE'),
      error?.message ?? (response.statusText || `Request failed with status ${response.status}`),
      error?.fields,
      error?.reason,
      response.headers.get('x-request-id') ?? undefined,
    );
    // The server no longer knows this session (expired or revoked): sign out locally.
    if (apiError.code === 'UNAUTHENTICATED' && getStoredUser()) clearSession();
    throw apiError;
  }
  return data as T;
}

/** The one HTTP client of the SPA: base /api, JSON, same-origin cookies, XSRF header on writes. */
export const api = {
  get: <T>(path: string, options?: Options) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: Options) => request<T>('DELETE', path, undefined, options),
};
