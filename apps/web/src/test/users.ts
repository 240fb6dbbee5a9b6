import type { StoredUser } from '@/lib/session';

/** A Canadian buyer as the browser stores them after signing in; a test overrides what it checks. */
export function aBuyer(overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    user_value: 7,
    owner_name: 'Marie Tremblay',
    email: 'buyer.ca@example.com',
    customer_code: 'C0007',
    flag: 'active',
    cflag: 'ca',
    lang: '',
    role: 'customer',
    ...overrides,
  };
}
