import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminHomeResponse, ErrorBody } from '@wholesale/contract';
import { requireStaffRole, staffRoute } from '../../plugins/auth';
import { getAdminHome } from './admin-home.service';

/** The back-office home (docs/product/back-office-staff-and-customers.md "Home"). */
export const adminHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/home',
    staffRoute([], {
      summary: "Staff: the back-office home, the parts the caller's roles open",
      response: { 200: AdminHomeResponse, 403: ErrorBody },
    }),
    async (request) => {
      const staff = requireStaffRole(request);
      return {
        status: true as const,
        data: await getAdminHome(app.db, staff, Boolean(app.config.smtpUrl)),
      };
    },
  );
};
