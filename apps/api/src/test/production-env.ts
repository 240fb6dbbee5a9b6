/**
 * The least a production app needs to start (config.ts refuses less): the embedded database by
 * explicit opt-in, an https public URL and an encryption key.
 */
export const PRODUCTION_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  ALLOW_EMBEDDED_DATABASE: 'true',
  PUBLIC_URL: 'https://shop.test',
  APP_ENCRYPTION_KEY: 'ab'.repeat(32),
};
