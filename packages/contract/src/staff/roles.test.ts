import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasStaffRole, normaliseStaffRoles, STAFF_ROLES, type StaffRole } from './roles';

const rolesArb = fc.subarray([...STAFF_ROLES]);

describe('hasStaffRole', () => {
  it('lets admin do everything', () => {
    fc.assert(fc.property(rolesArb, (allowed) => hasStaffRole(['admin'], allowed)));
  });
  it('refuses a staff member without roles, and anyone for nothing held', () => {
    fc.assert(
      fc.property(
        rolesArb,
        (allowed) => !hasStaffRole([], allowed) && !hasStaffRole(null, allowed),
      ),
    );
  });
  it('grants exactly when a held role is allowed (without admin)', () => {
    const nonAdmin = fc.subarray(STAFF_ROLES.filter((r) => r !== 'admin') as StaffRole[]);
    fc.assert(
      fc.property(nonAdmin, fc.subarray([...STAFF_ROLES], { minLength: 1 }), (held, allowed) => {
        const expected = held.length > 0 && held.some((r) => allowed.includes(r));
        return hasStaffRole(held, allowed) === expected;
      }),
    );
  });
  it('treats an empty allowed list as any staff member', () => {
    expect(hasStaffRole(['content'], [])).toBe(true);
    expect(hasStaffRole(['credit'], ['orders'])).toBe(false);
    expect(hasStaffRole(['credit', 'orders'], ['orders'])).toBe(true);
  });
});

describe('normaliseStaffRoles', () => {
  it('keeps known roles once, in canonical order', () => {
    expect(normaliseStaffRoles(['orders', 'bogus', 'admin', 'orders'])).toEqual([
      'admin',
      'orders',
    ]);
  });
});
