import { createContext, useContext } from 'react';

/**
 * The app's clock: what "now" is for texts that depend on it (the footer's copyright year). Tests
 * provide their own instead of patching the global Date.
 */
export const ClockContext = createContext<() => Date>(() => new Date());

/** Now, by the app's clock. */
export function useNow(): Date {
  return useContext(ClockContext)();
}
