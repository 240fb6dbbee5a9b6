import { readCookie } from './api-client';
import { useSession } from './session';

export type CountryCode = 'ca' | 'us';

/** The cflag cookie's country ('ca' when absent or unknown). */
export function cookieCountry(): CountryCode {
  const value = (readCookie('cflag') ?? '').trim().toLowerCase();
  return value === 'us' || value === 'usa' ? 'us' : 'ca';
}

/** The shopper's country: the signed-in user's cflag, else the cflag cookie, else 'ca' (docs/product/accounts.md). */
export function useCountry(): CountryCode {
  const { user } = useSession();
  return user?.cflag ?? cookieCountry();
}
