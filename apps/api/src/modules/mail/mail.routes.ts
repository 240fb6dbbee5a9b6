import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema, MailboxListResponse, MailDetailResponse } from '@wholesale/contract';
import { devToolsOnly } from '../../plugins/dev-access';
import { getMailboxMail, listMailbox } from './mail.service';
import { answerData } from '../../lib/answer';

/**
 * The development mailbox: the outbox as a person can read it (reset links included), so only
 * callers on this machine and signed-in staff see it (404 for anyone else). Not registered at all
 * when NODE_ENV=production.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;

  app.get(
    '/api/dev/mailbox',
    {
      preValidation: devToolsOnly,
      schema: {
        tags: ['dev'],
        summary: 'Outbox, newest first (not in production)',
        response: { 200: MailboxListResponse },
      },
    },
    async () => answerData(await listMailbox(app.db)),
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      preValidation: devToolsOnly,
      schema: {
        tags: ['dev'],
        summary: 'One mail with its HTML and text (not in production)',
        params: z.object({
          id: idSchema('id'),
        }),
        response: { 200: MailDetailResponse },
      },
    },
    async (request) => answerData(await getMailboxMail(app.db, request.params.id)),
  );
};
