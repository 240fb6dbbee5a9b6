import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { StaffRole } from '@wholesale/contract';
import { storeUser } from '@/lib/session';

/** A signed-in staff member with these roles in local storage (the menu and actions read them). */
export function signInStaff(roles: StaffRole[]): void {
  storeUser({
    user_value: 900,
    owner_name: 'Sam Staff',
    email: 'sam@example.com',
    customer_code: null,
    flag: 'active',
    cflag: 'ca',
    lang: '',
    role: 'staff',
    staff_roles: roles,
  });
}

/** A section this staff member may only read: it says who may change it, and offers no button. */
export function expectReadOnly(whoMayChange: string): void {
  expect(screen.getByText(whoMayChange)).toBeVisible();
  expect(screen.queryByRole('button')).toBeNull();
}
