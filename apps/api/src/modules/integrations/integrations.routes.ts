import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCreatedToken,
  AdminCreateTokenBody,
  AdminIntegrationToken,
  AdminIntegrationTokens,
  AdminTokenParams,
} from '@wholesale/contract';
import { staffOf, staffRoutes } from '../../plugins/auth';
import { createIntegrationToken, revokeIntegrationToken } from './integrations.admin';
import { listIntegrationTokens } from './integrations.service';

/** Staff manage integration tokens (/admin/integrations). */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = staffRoutes(['admin'], { tag: 'integrations' });
  app.get(
    '/api/admin/integrations/tokens',
    route({
      summary: 'Integration tokens (never their secrets)',
      response: { 200: AdminIntegrationTokens },
    }),
    async () => {
      return { tokens: await listIntegrationTokens(app.db) };
    },
  );

  app.post(
    '/api/admin/integrations/tokens',
    route({
      summary: 'Creates a token; its secret is in this answer only',
      body: AdminCreateTokenBody,
      response: { 201: AdminCreatedToken },
    }),
    async (request, reply) => {
      const user = staffOf(request);
      const created = await createIntegrationToken(app.db, request.body, user);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/admin/integrations/tokens/:id',
    route({
      summary: 'Revokes a token at once',
      params: AdminTokenParams,
      response: { 200: AdminIntegrationToken },
    }),
    async (request) => {
      const user = staffOf(request);
      return revokeIntegrationToken(app.db, request.params.id, user);
    },
  );
};
