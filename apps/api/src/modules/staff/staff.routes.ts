import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminStaffInviteBody,
  AdminStaffListResponse,
  AdminStaffMemberResponse,
  AdminStaffRolesBody,
  ErrorBody,
  StaffMemberDto,
  StaffMemberIdParams,
} from '@wholesale/contract';
import { accountActivationRoutes, staffOf, staffRoute } from '../../plugins/auth';
import './staff.mail';
import { changeStaffRoles, inviteStaff, listStaff, setStaffActive } from './staff.service';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Staff administration, for admins only (docs/product/back-office-staff-and-customers.md). */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Account changes go through the app's session cache too (its sessions of the user are dropped).
  const accounts = { db: app.db, sessions: app.sessions };
  app.get(
    '/api/admin/staff',
    staffRoute(['admin'], {
      summary: 'Admin: every staff account with its roles',
      response: { 200: AdminStaffListResponse },
    }),
    async () => {
      return answerData(await listStaff(app.db));
    },
  );

  app.post(
    '/api/admin/staff',
    staffRoute(['admin'], {
      summary: 'Admin: invite a staff member (account with roles, set-password link by mail)',
      body: AdminStaffInviteBody,
      response: { 200: AdminStaffMemberResponse, ...errors },
    }),
    async (request) =>
      answerData(await inviteStaff(app.db, app.config.publicUrl, staffOf(request), request.body)),
  );

  app.patch(
    '/api/admin/staff/:id',
    staffRoute(['admin'], {
      summary: 'Admin: change the roles of a staff member',
      params: StaffMemberIdParams,
      body: AdminStaffRolesBody,
      response: { 200: AdminStaffMemberResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await changeStaffRoles(accounts, staffOf(request), request.params.id, request.body.roles),
      ),
  );

  accountActivationRoutes(app, {
    url: '/api/admin/staff',
    roles: ['admin'],
    summaries: {
      deactivate: 'Admin: deactivate a staff member (their sessions end at once)',
      reactivate: 'Admin: reactivate a staff member',
    },
    params: StaffMemberIdParams,
    dto: StaffMemberDto,
    setActive: (actor, id, active) => setStaffActive(accounts, actor, id, active),
  });
};
