import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findNulPath, NUL_MESSAGE } from '@wholesale/contract';
import { fieldError } from '../lib/app-error';

/**
 * The contract's NUL rule on every route's params, query and body, before its schema: PostgreSQL
 * cannot store U+0000 in text, so such input is a 400 naming the field on every route, those of
 * tomorrow included, instead of a failed query (docs/product/operations.md "Bad input").
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Takes `done` rather than being async: it runs on every request (see plugins/observability.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulPath(part);
      if (field !== null) return done(fieldError({ [field]: `${field} ${NUL_MESSAGE}` }));
    }
    done();
  });
});
