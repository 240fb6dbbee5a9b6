import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { healthRoutes } from './health/health.routes';

/** Every API module's routes, registered in order by app.ts. Add a module here. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, catalogueRoutes];
