// The back office's translation files (locales/<lng>/admin*.json, staff.json), each its own chunk:
// this list is fetched by lib/i18n.ts with the first back-office namespace a screen asks for.
export const staffLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/admin*.json',
  '../locales/*/staff.json',
]);
