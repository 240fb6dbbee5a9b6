import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The back office's API: listed in the document for staff (and integration tokens) only. */
export const BACK_OFFICE_PREFIX = '/api/admin';

/** True when the caller may read the back office's part of the document. */
const seesBackOffice = (request: FastifyRequest) =>
  request.user?.role === 'staff' || request.integration !== null;

type Document = { paths?: Record<string, unknown>; [key: string]: unknown };

/** The document without the back office's paths (what guests and buyers are shown). */
export function withoutBackOffice<D extends Document>(document: D): D {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(
      ([path]) => path !== BACK_OFFICE_PREFIX && !path.startsWith(`${BACK_OFFICE_PREFIX}/`),
    ),
  );
  return { ...document, paths };
}

/**
 * The OpenAPI document (`/api/docs`, `/api/docs/json`): every route's schema, security generated
 * from its guard (plugins/auth.ts). The back office (/api/admin/…) is left out for anyone but staff
 * and integration tokens, so the document does not map the staff side of the store to whoever asks.
 * Registered after the auth plugin, whose hook then resolves the caller of the document's routes.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wholesale storefront API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecification: (document, request) =>
      seesBackOffice(request) ? document : withoutBackOffice(document as Document),
  });
});
