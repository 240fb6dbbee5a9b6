import type { StoreIdentity } from '@wholesale/contract';

/*
 * The demo store's identity, which the demo seed writes to store_identity. NOTE: the only place in
 * the code where this store's name, address and phones live (a test scans the source tree for
 * them, apps/api/src/modules/identity/no-demo-identity.test.ts): every page, mail and PDF reads the
 * identity an admin saved, and a fresh store has none until one does.
 */

const HOURS = {
  en: 'Monday to Friday, 8:30 a.m. to 5:00 p.m. (Eastern Time)',
  fr: 'Du lundi au vendredi, de 8 h 30 à 17 h (heure de l’Est)',
  es: 'De lunes a viernes, de 8:30 a 17:00 (hora del Este)',
};

export const DEMO_IDENTITY: StoreIdentity = {
  name: { en: 'Notions Wholesale', fr: 'Notions Wholesale', es: 'Notions Wholesale' },
  legal_name: 'Notions Wholesale Inc.',
  tagline: {
    en: 'Craft and notions distributor',
    fr: 'Distributeur d’articles de mercerie et d’artisanat',
    es: 'Distribuidor de mercería y manualidades',
  },
  logo: null,
  head_office: {
    lines: {
      en: '1250 Industrial Street\nMontréal, Québec H4N 2K1\nCanada',
      fr: '1250, rue Industrielle\nMontréal (Québec) H4N 2K1\nCanada',
      es: '1250 Industrial Street\nMontreal, Quebec H4N 2K1\nCanadá',
    },
    phone: '1-800-555-0142',
    email: 'orders@example.com',
    hours: HOURS,
  },
  support_fr: {
    lines: {
      en: 'Service à la clientèle',
      fr: 'Service à la clientèle',
      es: 'Service à la clientèle',
    },
    phone: '1-800-555-0143',
    email: 'service.fr@example.com',
    hours: HOURS,
  },
  support_es: {
    lines: { en: 'Atención al cliente', fr: 'Atención al cliente', es: 'Atención al cliente' },
    phone: '1-800-555-0144',
    email: 'soporte.es@example.com',
    hours: HOURS,
  },
  tax: { gst_hst: '123456782 RT0001', qst: '1234567890 TQ0001', us_ein: '' },
};
