import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  ERROR_REASONS,
  type ErrorBody,
  type ErrorCode,
  type ErrorReasonKey,
} from '@wholesale/contract';
import { AppError } from '../lib/app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionLoss } from '../lib/db-errors';

function body(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: ErrorBody['error']['reason'],
): ErrorBody {
  return {
    status: false,
    error: { code, message, ...(fields ? { fields } : {}), ...(reason ? { reason } : {}) },
  };
}

/** Turns a validation issue path such as "/pagination" or "/officers/0/name" into a field name. */
function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  return Array.isArray(missing) && missing.length ? missing.join('.') : 'body';
}

/** The reason a schema attached to its refusal (contract `dateField`: DATE_INVALID…), if any. */
function issueReason(params: unknown): ErrorReasonKey | undefined {
  const reason = (params as { params?: { reason?: unknown } } | undefined)?.params?.reason;
  return typeof reason === 'string' && reason in ERROR_REASONS
    ? (reason as ErrorReasonKey)
    : undefined;
}

/**
 * Headers a route set for the answer it meant to give (a download's attachment name, a compressed
 * stream's encoding and length) that would mislabel the JSON error sent instead.
 */
const DOWNLOAD_HEADERS = ['content-disposition', 'content-encoding', 'content-length', 'vary'];

/**
 * Fastify's own refusals made before any hook runs (its `frameworkErrors`): a path it cannot
 * decode (a broken %-escape, FST_ERR_BAD_URL) answered Fastify's body, of another shape, without
 * the security headers or a cache rule. This answer sets both and the one error shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  for (const [name, value] of request.server.securityHeaders ?? []) reply.header(name, value);
  reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send(body('VALIDATION_FAILED', 'This address is not valid'));
  request.log.error({ err: error }, 'unhandled framework error');
  return reply.status(500).send(body('INTERNAL', ERROR_CODES.INTERNAL.message));
}

/**
 * One error shape everywhere (docs/product/errors-and-constants.md): `{ status: false, error: { code, message, fields? } }`.
 * An unexpected error answers a fixed message in every environment, development included: its
 * text can carry SQL, driver messages or a stack, and a development server may be reachable from
 * the network. The detail goes to the log with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // An error answer is JSON whatever the route's content type: a CSV or PDF route that failed
    // (before or while streaming) leaves its own headers behind, which would mislabel this body.
    for (const name of DOWNLOAD_HEADERS) reply.removeHeader(name);
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(body(error.code, error.message, error.fields, error.reason));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      let reason: ErrorBody['error']['reason'];
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params);
        fields[name] ??= issue.message ?? 'Invalid value';
        // The first refused field's reason, so the web says it in the user's language.
        const key = Object.keys(fields).length === 1 ? issueReason(issue.params) : undefined;
        if (key) reason ??= { key, params: { field: name } };
      }
      const first = Object.entries(fields)[0];
      return reply
        .status(400)
        .send(
          body(
            'VALIDATION_FAILED',
            first ? `${first[0]}: ${first[1]}` : ERROR_CODES.VALIDATION_FAILED.message,
            fields,
            reason,
          ),
        );
    }
    const fe = error as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (fe.statusCode === 400 && /JSON/i.test(fe.message))
    ) {
      return reply.status(400).send(body('MALFORMED_JSON', ERROR_CODES.MALFORMED_JSON.message));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply
        .status(413)
        .send(body('PAYLOAD_TOO_LARGE', ERROR_CODES.PAYLOAD_TOO_LARGE.message));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply
        .status(415)
        .send(body('UNSUPPORTED_MEDIA_TYPE', ERROR_CODES.UNSUPPORTED_MEDIA_TYPE.message));
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', ERROR_CODES.RATE_LIMITED.message));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(body('VALIDATION_FAILED', fe.message));
    }
    if (isConnectionLoss(error)) {
      // The database went away mid-request: nothing was committed (the transaction died with the
      // connection), so the client may safely retry — with the same Idempotency-Key for an order.
      request.log.warn({ err: error }, 'database connection lost');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('UNAVAILABLE', ERROR_CODES.UNAVAILABLE.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', ERROR_CODES.INTERNAL.message));
  });
});
