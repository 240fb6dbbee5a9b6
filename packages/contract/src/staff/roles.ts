/**
 * Staff roles (docs/product/back-office-staff-and-customers.md): `admin` may do everything and
 * manages staff; `credit` decides credit applications and looks after customers; `orders` works the
 * order desk and reads customers; `content` edits content pages and the catalogue. A staff member
 * may hold several.
 */
export const STAFF_ROLES = ['admin', 'credit', 'orders', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Whether a staff member holding `held` may do something open to `allowed`: admin implies every
 * role; an empty `allowed` means any staff member.
 */
export function hasStaffRole(
  held: readonly StaffRole[] | null | undefined,
  allowed: readonly StaffRole[],
): boolean {
  if (!held || held.length === 0) return false;
  if (held.includes('admin') || allowed.length === 0) return true;
  return allowed.some((role) => held.includes(role));
}

/** Keeps the known roles of a list, each once, in the canonical order. */
export function normaliseStaffRoles(roles: readonly string[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}
