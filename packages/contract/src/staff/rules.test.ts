import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from './roles';
import { staffChangeRefusal } from './rules';

const roles = fc.subarray([...STAFF_ROLES]);
const change = fc.record({
  actorId: fc.integer({ min: 1, max: 5 }),
  targetId: fc.integer({ min: 1, max: 5 }),
  roles,
  active: fc.boolean(),
  nextRoles: roles,
  nextActive: fc.boolean(),
  activeAdminIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 })),
});

describe('staffChangeRefusal', () => {
  it('never leaves the back office without an active admin', () => {
    fc.assert(
      fc.property(change, (c) => {
        const adminsNow = new Set(c.activeAdminIds);
        if (c.active && c.roles.includes('admin')) adminsNow.add(c.targetId);
        else adminsNow.delete(c.targetId);
        const input = { ...c, activeAdminIds: [...adminsNow] };
        const after = new Set(adminsNow);
        if (c.nextActive && c.nextRoles.includes('admin')) after.add(c.targetId);
        else after.delete(c.targetId);
        return adminsNow.size === 0 || after.size > 0 || staffChangeRefusal(input) !== null;
      }),
    );
  });

  it('refuses an actor removing their own admin role or deactivating themselves', () => {
    fc.assert(
      fc.property(change, (c) => {
        const own = { ...c, targetId: c.actorId, activeAdminIds: [c.actorId, 99] };
        const refusal = staffChangeRefusal(own);
        if (own.active && !own.nextActive) return refusal === 'STAFF_SELF_DEACTIVATE';
        if (own.roles.includes('admin') && !own.nextRoles.includes('admin'))
          return refusal === 'STAFF_SELF_ADMIN';
        return refusal === null;
      }),
    );
  });

  it('lets an admin demote another admin while one remains', () => {
    const base = { actorId: 1, targetId: 2, roles: ['admin'] as const, active: true };
    expect(
      staffChangeRefusal({
        ...base,
        nextRoles: ['credit'],
        nextActive: true,
        activeAdminIds: [1, 2],
      }),
    ).toBeNull();
    expect(
      staffChangeRefusal({ ...base, nextRoles: ['credit'], nextActive: true, activeAdminIds: [2] }),
    ).toBe('STAFF_LAST_ADMIN');
    expect(
      staffChangeRefusal({ ...base, nextRoles: ['admin'], nextActive: false, activeAdminIds: [2] }),
    ).toBe('STAFF_LAST_ADMIN');
  });
});
