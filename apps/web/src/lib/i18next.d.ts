// NOTE: named i18next.d.ts, not i18n.d.ts: TypeScript skips a .d.ts that shares its name with a .ts file.
import 'i18next';
import type common from '../locales/en/common.json';
import type errors from '../locales/en/errors.json';

// Typed translation keys (CONVENTIONS.md #8): a missing key is a type error. A feature that adds a
// namespace adds one line here (its en file).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
    };
  }
}
