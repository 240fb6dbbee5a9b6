import { REGISTRATION_MESSAGES as M, type RegistrationMessageKey } from './messages';

const MESSAGE_KEYS = new Map<string, RegistrationMessageKey>(
  (Object.entries(M) as [RegistrationMessageKey, string][]).map(([k, v]) => [v, k]),
);
/**
 * The key of an English registration message (for translation in the web), or null for other text.
 * NOTE: several keys share one English text ('City field is required'); any of them translates alike.
 */
export function registrationMessageKey(message: string | undefined): RegistrationMessageKey | null {
  return message ? (MESSAGE_KEYS.get(message) ?? null) : null;
}
