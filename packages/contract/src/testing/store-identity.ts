/**
 * A store identity for the API's and the web's tests, as an admin's form sends it (texts left out
 * are empty once parsed). Not the demo store's: that one lives in the API's demo seed only.
 */
export const TEST_STORE_IDENTITY = {
  name: { en: 'Maple Test Supply', fr: 'Fournitures Érable Test', es: '' },
  legal_name: 'Maple Test Supply Ltd.',
  tagline: { en: 'Haberdashery for testing', fr: 'Mercerie pour les essais', es: '' },
  head_office: {
    lines: {
      en: '77 Sample Road\nHalifax, NS B3H 0A1',
      fr: '77, chemin Exemple\nHalifax (N.-É.) B3H 0A1',
    },
    phone: '+1 902 555 0177',
    email: 'hello@maple-test.example',
    hours: { en: 'Weekdays 9 to 5', fr: 'En semaine, de 9 h à 17 h' },
  },
  support_fr: {
    lines: { en: 'Service en français' },
    phone: '902 555 0178',
    email: 'bonjour@maple-test.example',
  },
  tax: { gst_hst: '123456782rt0001', qst: '', us_ein: '' },
};
