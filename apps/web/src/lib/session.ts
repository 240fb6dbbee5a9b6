import { useSyncExternalStore } from 'react';
import type { StaffRole } from '@wholesale/contract';
import { getJson, getString, removeKey, setJson } from './storage';

/** The user record kept in localStorage under "user" (docs/product/accounts.md). The SPA never stores the token. */
export type StoredUser = {
  user_value: number;
  owner_name: string;
  email: string;
  customer_code: string | null;
  flag: string;
  cflag: 'ca' | 'us';
  lang: '' | 'fr' | 'es';
  role?: 'customer' | 'staff';
  /** A staff member's roles: they decide the admin menu (the server checks every call anyway). */
  staff_roles?: StaffRole[];
};

export const USER_KEY = 'user';
/** Legacy keys of the original front end, removed on logout (docs/product/accounts.md). */
const LEGACY_KEYS = ['token', 'mongoObj'] as const;

export function normaliseLang(value: unknown): '' | 'fr' | 'es' {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (v === 'fr') return 'fr';
  if (v === 'es' || v === 'sp') return 'es';
  return '';
}

/** The raw stored record (a full user or the {lang} remainder); null when absent or corrupted. */
export function getStoredRecord(): Partial<StoredUser> | null {
  const value = getJson<unknown>(USER_KEY);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Partial<StoredUser>)
    : null;
}

function isUser(value: Partial<StoredUser> | null): value is StoredUser {
  return (
    !!value &&
    value.user_value !== undefined &&
    value.user_value !== null &&
    String(value.user_value) !== ''
  );
}

let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

/** The signed-in user, or null. A record without user_value (e.g. after logout) is not a user. */
export function getStoredUser(): StoredUser | null {
  const raw = getString(USER_KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  const record = getStoredRecord();
  cachedUser = isUser(record)
    ? {
        ...record,
        cflag: record.cflag === 'us' ? 'us' : 'ca',
        lang: normaliseLang(record.lang),
      }
    : null;
  return cachedUser;
}

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Saves the user record after login (only when user_value is present, docs/product/accounts.md). */
export function storeUser(user: StoredUser): void {
  if (!isUser(user)) return;
  signedOutOnPurpose = false;
  setJson(USER_KEY, user);
  emit();
}

/** Updates the stored record's language, keeping the rest (docs/product/accounts.md language rules). */
export function storeRecordLang(lang: '' | 'fr' | 'es'): void {
  const record = getStoredRecord() ?? {};
  if (record.lang === lang && Object.keys(record).length > 0) return;
  setJson(USER_KEY, { ...record, lang });
  emit();
}

let signedOutOnPurpose = false;

/**
 * Signs out because the user asked to (the logout button): a signed-in-only page the user is on
 * then goes home instead of to the sign-in page (see app/guards.tsx).
 */
export function signOutOnPurpose(): void {
  signedOutOnPurpose = true;
  clearSession();
}

/** Whether the last sign-out was the user's own (not an expired or revoked session). */
export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

/** Signs out locally: legacy credentials removed, the user record reduced to its lang (docs/product/accounts.md). */
export function clearSession(): void {
  const lang = normaliseLang(getStoredRecord()?.lang);
  for (const key of LEGACY_KEYS) removeKey(key);
  setJson(USER_KEY, { lang });
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type Session = {
  user: StoredUser | null;
  isSignedIn: boolean;
  isStaff: boolean;
  staffRoles: StaffRole[];
};

const NO_ROLES: StaffRole[] = [];

/** The current session, re-rendering on login, logout and changes made in other tabs. */
export function useSession(): Session {
  const user = useSyncExternalStore(subscribe, getStoredUser, () => null);
  const isStaff = user?.role === 'staff';
  return {
    user,
    isSignedIn: user !== null,
    isStaff,
    staffRoles: isStaff ? (user?.staff_roles ?? NO_ROLES) : NO_ROLES,
  };
}
