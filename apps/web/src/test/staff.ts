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
