import type { StaffRole } from './roles';

/**
 * Why a change to a staff member's roles or activity is refused, or null when it may go ahead
 * (docs/product/back-office-staff-and-customers.md "Staff"): nobody removes their own admin role or
 * deactivates themselves, and the last active admin keeps the role, so the back office always has
 * someone who can manage staff.
 */
export type StaffChangeRefusal = 'STAFF_SELF_ADMIN' | 'STAFF_SELF_DEACTIVATE' | 'STAFF_LAST_ADMIN';

export function staffChangeRefusal(change: {
  actorId: number;
  targetId: number;
  /** The target's roles now, and whether it is active now. */
  roles: readonly StaffRole[];
  active: boolean;
  /** What the change leaves. */
  nextRoles: readonly StaffRole[];
  nextActive: boolean;
  /** Ids of the active admins now (the target among them when it is one). */
  activeAdminIds: readonly number[];
}): StaffChangeRefusal | null {
  const isAdminNow = change.active && change.roles.includes('admin');
  const isAdminAfter = change.nextActive && change.nextRoles.includes('admin');
  if (change.actorId === change.targetId) {
    if (change.active && !change.nextActive) return 'STAFF_SELF_DEACTIVATE';
    if (change.roles.includes('admin') && !change.nextRoles.includes('admin'))
      return 'STAFF_SELF_ADMIN';
  }
  if (isAdminNow && !isAdminAfter) {
    const others = change.activeAdminIds.filter((id) => id !== change.targetId);
    if (others.length === 0) return 'STAFF_LAST_ADMIN';
  }
  return null;
}
