/**
 * Safe localStorage access. Stored JSON that does not parse is logged (console.warn) and ignored
 * (docs/product/storefront-ux.md: "Parse errors in stored JSON are logged and values fall back to empty").
 */
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function setString(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}

export function removeKey(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // ignored, see setString
  }
}

/** Parses the JSON stored under key; null when absent or corrupted (corruption is logged). */
export function getJson<T = unknown>(key: string): T | null {
  const raw = getString(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn(`Ignoring corrupted JSON in localStorage "${key}"`, error);
    return null;
  }
}

export function setJson(key: string, value: unknown): void {
  setString(key, JSON.stringify(value));
}
