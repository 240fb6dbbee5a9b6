import type { TestApp } from './test-app';

/**
 * A store identity for tests (not the demo store's: that one lives in the demo seed only), as an
 * admin's form sends it: texts left out are empty once parsed.
 */
export const TEST_IDENTITY = {
  name: { en: 'Maple Test Supply', fr: 'Fournitures Érable Test', es: '' },
  legal_name: 'Maple Test Supply Ltd.',
  tagline: { en: 'Haberdashery for testing', fr: '', es: '' },
  head_office: {
    lines: {
      en: '77 Sample Road\nHalifax, NS B3H 0A1',
      fr: '77, chemin Exemple\nHalifax (N.-É.) B3H 0A1',
    },
    phone: '+1 902 555 0177',
    email: 'hello@maple-test.example',
    hours: { en: 'Weekdays 9 to 5' },
  },
  support_fr: { lines: { en: 'Service en français' }, phone: '902 555 0178', email: '' },
  tax: { gst_hst: '123456782rt0001', qst: '', us_ein: '' },
};

/** Saves `identity` as an admin through the API (the cache and the change feed see it). */
export async function saveTestIdentity(
  t: TestApp,
  identity: object = TEST_IDENTITY,
): Promise<void> {
  const admin = await t.signIn({ role: 'staff', staffRoles: ['admin'] });
  const res = await t.put('/api/admin/settings/identity', admin.headers, identity);
  if (res.statusCode !== 200) throw new Error(`identity not saved: ${res.body}`);
}
