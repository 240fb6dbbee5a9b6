import {
  normaliseStaffRoles,
  staffChangeRefusal,
  type AdminStaffInviteBody,
  type Lang,
  type StaffMemberDto,
  type StaffRole,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { reasonError, AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  createPasswordToken,
  findUserByEmail,
  insertStaffUser,
  lockActiveAdminIds,
  lockUser,
  passwordLink,
  selectStaff,
  updateUser,
  type SessionUser,
  type UserRow,
  type UserWriter,
} from '../accounts';
import { recordAudit, recordAuditBy } from '../audit';
import { revokeTokensOf } from '../integrations';
import { enqueueMail } from '../mail';
import { MAIL_STAFF_INVITE } from './staff.mail';

/** Staff administration (docs/product/back-office-staff-and-customers.md "Staff"). */

export function toStaffDto(row: UserRow): StaffMemberDto {
  return {
    id: row.id,
    email: row.email,
    name: row.ownerName,
    roles: normaliseStaffRoles(row.staffRoles),
    lang: row.lang,
    active: row.isActive,
    password_set: row.passwordHash !== null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/staff: every staff account. */
export async function listStaff(db: Database): Promise<StaffMemberDto[]> {
  return (await selectStaff(db)).map(toStaffDto);
}

/** Who did it, as the audit log keeps it. */
type Actor = Pick<SessionUser, 'id' | 'email'> | null;

function emailTaken(): AppError {
  return reasonError('CONFLICT', 'EMAIL_TAKEN', undefined, 'email');
}

/** Mails the invitation with a fresh 7-day set-password link; returns the link. */
async function mailInvite(
  tx: Tx,
  row: UserRow,
  publicUrl: string,
  lang: Lang = row.lang,
): Promise<string> {
  const link = passwordLink(publicUrl, await createPasswordToken(tx, row.id, 'set'), 'set');
  await enqueueMail(tx, {
    to: row.email,
    template: MAIL_STAFF_INVITE,
    lang,
    data: { name: row.ownerName, url: link, roles: row.staffRoles.join(', ') },
  });
  return link;
}

/**
 * POST /api/admin/staff: creates a staff account with its roles and mails the invitee a
 * set-password link in their language; 409 naming `email` when the address has an account.
 */
export async function inviteStaff(
  db: Database,
  publicUrl: string,
  actor: SessionUser,
  body: AdminStaffInviteBody,
): Promise<StaffMemberDto> {
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, body.email)) throw emailTaken();
      const row = await insertStaffUser(tx, {
        email: body.email,
        name: body.name,
        roles: body.roles,
        lang: body.lang,
      });
      await mailInvite(tx, row, publicUrl);
      await recordAuditBy(tx, actor, {
        action: 'staff.invite',
        entity: 'staff',
        entityId: row.id,
        after: { email: row.email, name: row.ownerName, roles: row.staffRoles, lang: row.lang },
      });
      return toStaffDto(row);
    });
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Applies a change to a staff member's roles or activity under the rules of staffChangeRefusal
 * (400 with the reason otherwise), with the admins' rows locked so concurrent demotions cannot
 * remove the last admin. 404 when the id is not a staff member.
 */
async function changeStaff(
  { db, sessions }: UserWriter,
  actor: SessionUser,
  id: number,
  next: { roles?: StaffRole[]; active?: boolean },
  action: string,
): Promise<StaffMemberDto> {
  return db.transaction(async (tx) => {
    const activeAdminIds = await lockActiveAdminIds(tx);
    const row = await lockUser(tx, id);
    if (!row || row.role !== 'staff') throw new AppError('NOT_FOUND', 'No such staff member');
    const roles = normaliseStaffRoles(row.staffRoles);
    const nextRoles = next.roles ?? roles;
    const nextActive = next.active ?? row.isActive;
    const refusal = staffChangeRefusal({
      actorId: actor.id,
      targetId: id,
      roles,
      active: row.isActive,
      nextRoles,
      nextActive,
      activeAdminIds,
    });
    if (refusal) {
      throw reasonError('VALIDATION_FAILED', refusal, undefined, next.roles ? 'roles' : 'active');
    }
    const updated = await updateUser(tx, sessions, id, {
      staffRoles: nextRoles,
      isActive: nextActive,
    });
    await recordAuditBy(tx, actor, {
      action,
      entity: 'staff',
      entityId: id,
      before: { roles, active: row.isActive },
      after: { roles: nextRoles, active: nextActive },
    });
    // A token acts with its creator's authority: it dies when they stop being an active admin
    // (docs/decisions/031-integration-tokens-and-deactivated-staff.md), each with its audit row.
    if (!nextActive || !nextRoles.includes('admin'))
      for (const token of await revokeTokensOf(tx, id))
        await recordAuditBy(tx, actor, {
          action: 'integration_token.revoke',
          entity: 'integration_token',
          entityId: token.id,
          before: token.before,
          after: { ...token.after, reason: action },
        });
    return toStaffDto(updated);
  });
}

/** PATCH /api/admin/staff/:id: the roles the staff member holds from now on. */
export function changeStaffRoles(
  accounts: UserWriter,
  actor: SessionUser,
  id: number,
  roles: StaffRole[],
): Promise<StaffMemberDto> {
  return changeStaff(accounts, actor, id, { roles }, 'staff.roles');
}

/** POST /api/admin/staff/:id/deactivate and /reactivate: a deactivated member's sessions end at once. */
export function setStaffActive(
  accounts: UserWriter,
  actor: SessionUser,
  id: number,
  active: boolean,
): Promise<StaffMemberDto> {
  return changeStaff(
    accounts,
    actor,
    id,
    { active },
    active ? 'staff.reactivate' : 'staff.deactivate',
  );
}

export type StaffCreateResult = {
  userId: number;
  created: boolean;
  roles: StaffRole[];
  /** A one-time set-password link (7 days). */
  link: string;
};

/**
 * The `staff:create` command: creates a staff account with `roles`, or gives an existing staff
 * account these roles too (and reactivates it), then makes a one-time set-password link. An
 * address that belongs to a customer is refused: a buyer's account does not become a staff one.
 * Nothing is mailed (the first admin may have no working mail yet); the caller prints the link.
 */
export async function createOrPromoteStaff(
  db: Database,
  input: { email: string; roles: StaffRole[]; name?: string; publicUrl: string },
  actor: Actor = null,
): Promise<StaffCreateResult> {
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing && existing.role !== 'staff') {
      throw new AppError(
        'CONFLICT',
        `${input.email} belongs to a customer account; use another e-mail for the staff account`,
        { fields: { email: 'This e-mail belongs to a customer account' } },
      );
    }
    const row = existing
      ? // The staff:create command's process caches no session; the servers' feeds drop theirs.
        await updateUser(tx, undefined, existing.id, {
          staffRoles: normaliseStaffRoles([...existing.staffRoles, ...input.roles]),
          isActive: true,
        })
      : await insertStaffUser(tx, {
          email: input.email,
          name: input.name?.trim() || input.email.split('@')[0],
          roles: normaliseStaffRoles(input.roles),
          lang: 'en',
        });
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? 'staff:create (command line)',
      action: existing ? 'staff.roles' : 'staff.create',
      entity: 'staff',
      entityId: row.id,
      before: existing ? { roles: existing.staffRoles, active: existing.isActive } : null,
      after: existing
        ? { roles: row.staffRoles, active: row.isActive }
        : { email: row.email, name: row.ownerName, roles: row.staffRoles },
    });
    const link = passwordLink(input.publicUrl, await createPasswordToken(tx, row.id, 'set'), 'set');
    return {
      userId: row.id,
      created: !existing,
      roles: normaliseStaffRoles(row.staffRoles),
      link,
    };
  });
}
