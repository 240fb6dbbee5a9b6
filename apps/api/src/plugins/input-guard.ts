import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeText, NUL_MESSAGE } from '@wholesale/contract';
import { fieldError, reasonError } from '../lib/app-error';

/**
 * The contract's unsafe-text rule on every route's params, query and body, before its schema: a
 * NUL (PostgreSQL cannot store U+0000 in text) or a text-direction control (text that would display
 * in another order than written) is a 400 naming the field on every route, those of tomorrow
 * included, instead of a failed query or a spoofed name (docs/product/operations.md "Bad input").
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Takes `done` rather than being async: it runs on every request (see plugins/observability.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const unsafe = findUnsafeText(part);
      if (unsafe?.kind === 'nul')
        return done(fieldError({ [unsafe.path]: `${unsafe.path} ${NUL_MESSAGE}` }));
      if (unsafe)
        return done(
          reasonError(
            'VALIDATION_FAILED',
            'TEXT_DIRECTION_CONTROL',
            { field: unsafe.path },
            unsafe.path,
          ),
        );
    }
    done();
  });
});
