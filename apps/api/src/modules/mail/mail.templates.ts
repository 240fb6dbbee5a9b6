import escapeHtml from 'escape-html';
import { localText, type Lang, type StoreIdentity } from '@wholesale/contract';

/** A rendered mail: one subject, an HTML body and a plain-text body, in one language. */
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * The generic building block every template renders through: a greeting line, paragraphs and an
 * optional call to action (a button in HTML, the bare URL in text).
 */
export type MailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (e.g. "this link expires in one hour"). */
  footnote?: string;
};

/** A template: data in, content in the requested language out. */
export type MailTemplate = (lang: Lang, data: Record<string, unknown>) => MailContent;

// Signed with the store's name from its identity (set on /admin/settings); a store with none set
// signs as "the team", never with a made-up name.
const SIGNATURE: Record<Lang, (store: string) => string> = {
  en: (store) => (store ? `The ${store} team` : 'The team'),
  fr: (store) => (store ? `L’équipe ${store}` : 'L’équipe'),
  es: (store) => (store ? `El equipo de ${store}` : 'El equipo'),
};

/** How a mail signs off: the signature line and the head office's address, phone and e-mail. */
export function mailSignOff(
  lang: Lang,
  identity: StoreIdentity | null,
): { signature: string; contact: string[] } {
  if (!identity) return { signature: SIGNATURE[lang](''), contact: [] };
  const office = identity.head_office;
  const contact = [
    identity.legal_name,
    ...localText(office.lines, lang).split('\n'),
    office.phone,
    office.email,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
  return { signature: SIGNATURE[lang](localText(identity.name, lang)), contact };
}
const LINK_HINT: Record<Lang, string> = {
  en: 'If the button does not work, copy this address into your browser:',
  fr: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  es: 'Si el botón no funciona, copie esta dirección en su navegador:',
};

/**
 * Renders content to the HTML and text bodies, signed for the store's identity. Every piece of data
 * is escaped.
 */
export function renderContent(
  lang: Lang,
  c: MailContent,
  identity: StoreIdentity | null = null,
): RenderedMail {
  const signOff = mailSignOff(lang, identity);
  const p = (s: string) => `<p style="margin:0 0 14px">${escapeHtml(s)}</p>`;
  const action = c.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(c.action.url)}" style="background:#1f4e79;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>` +
      `<p style="margin:0 0 14px;font-size:13px;color:#555">${escapeHtml(LINK_HINT[lang])}<br><a href="${escapeHtml(c.action.url)}">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.45;max-width:560px;margin:0 auto;padding:16px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map(p).join('\n')}
${action}
${c.footnote ? `<p style="margin:0 0 14px;font-size:13px;color:#555">${escapeHtml(c.footnote)}</p>` : ''}
<p style="margin:24px 0 0">${escapeHtml(signOff.signature)}</p>
${signOff.contact.length ? `<p style="margin:16px 0 0;font-size:12px;color:#777">${signOff.contact.map((line) => escapeHtml(line)).join('<br>')}</p>\n` : ''}</body></html>`;
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((s) => [s, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.footnote ? [c.footnote, ''] : []),
    signOff.signature,
    ...(signOff.contact.length ? ['', ...signOff.contact] : []),
  ].join('\n');
  return { subject: c.subject, html, text };
}

/** A text value of a template's data: a string or a number as text, '' for anything else. */
export function mailText(data: Record<string, unknown>, key: string): string {
  const v = data[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

const SALUTATION: Record<Lang, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  es: (name) => `Hola ${name}:`,
};

/**
 * A mail to one person: the salutation by name in their language, then the template's texts in
 * that language.
 */
function personalMail(
  lang: Lang,
  name: string,
  texts: Record<Lang, Omit<MailContent, 'heading'>>,
): MailContent {
  return { heading: SALUTATION[lang](name), ...texts[lang] };
}

/**
 * The template of a mail to one person (personalMail, named by the data's `name`): its texts in
 * every language, written with the data's other values read as text (`value('url')`, mailText).
 */
export function personalTemplate(
  texts: (value: (key: string) => string) => Record<Lang, Omit<MailContent, 'heading'>>,
): MailTemplate {
  return (lang, data) => {
    const value = (key: string) => mailText(data, key);
    return personalMail(lang, value('name'), texts(value));
  };
}

/** The call to action of a set-password link: good for one use, for 7 days (SET_TOKEN_TTL_MS). */
export function choosePassword(lang: Lang, url: string): Pick<MailContent, 'action' | 'footnote'> {
  return {
    en: {
      action: { label: 'Choose my password', url },
      footnote: 'This link can be used once and expires in 7 days.',
    },
    fr: {
      action: { label: 'Choisir mon mot de passe', url },
      footnote: 'Ce lien ne peut servir qu’une fois et expire dans 7 jours.',
    },
    es: {
      action: { label: 'Elegir mi contraseña', url },
      footnote: 'Este enlace solo puede usarse una vez y caduca en 7 días.',
    },
  }[lang];
}

const passwordReset = personalTemplate((value) => ({
  en: {
    subject: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your wholesale account.',
      'If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Reset my password', url: value('url') },
    footnote: 'This link can be used once and expires in one hour.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte grossiste.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.',
    ],
    action: { label: 'Réinitialiser mon mot de passe', url: value('url') },
    footnote: 'Ce lien ne peut servir qu’une fois et expire dans une heure.',
  },
  es: {
    subject: 'Restablezca su contraseña',
    paragraphs: [
      'Recibimos una solicitud para restablecer la contraseña de su cuenta mayorista.',
      'Si no la hizo usted, ignore este correo: su contraseña no cambia.',
    ],
    action: { label: 'Restablecer mi contraseña', url: value('url') },
    footnote: 'Este enlace solo puede usarse una vez y caduca en una hora.',
  },
}));

const passwordSet = personalTemplate((value) => ({
  en: {
    subject: 'Your wholesale account is ready: choose your password',
    paragraphs: [
      'Your trade account has been approved. Choose a password to sign in and see your prices.',
    ],
    ...choosePassword('en', value('url')),
  },
  fr: {
    subject: 'Votre compte grossiste est prêt : choisissez votre mot de passe',
    paragraphs: [
      'Votre compte commercial a été approuvé. Choisissez un mot de passe pour vous connecter et voir vos prix.',
    ],
    ...choosePassword('fr', value('url')),
  },
  es: {
    subject: 'Su cuenta mayorista está lista: elija su contraseña',
    paragraphs: [
      'Su cuenta comercial ha sido aprobada. Elija una contraseña para iniciar sesión y ver sus precios.',
    ],
    ...choosePassword('es', value('url')),
  },
}));

const passwordChanged = personalTemplate(() => ({
  en: {
    subject: 'Your password was changed',
    paragraphs: [
      'The password of your wholesale account was just changed and your other sessions were signed out.',
      'If this was not you, reset your password at once and contact customer support.',
    ],
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    paragraphs: [
      'Le mot de passe de votre compte grossiste vient d’être modifié et vos autres sessions ont été fermées.',
      'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement et contactez le service client.',
    ],
  },
  es: {
    subject: 'Su contraseña ha cambiado',
    paragraphs: [
      'La contraseña de su cuenta mayorista acaba de cambiar y sus otras sesiones se han cerrado.',
      'Si no fue usted, restablezca su contraseña de inmediato y contacte con atención al cliente.',
    ],
  },
}));

/**
 * 'notice': for mails whose text the caller already has in the right language.
 * data: { subject, heading, paragraphs: string[], action?: {label, url}, footnote? }.
 */
const notice: MailTemplate = (_lang, d) => ({
  subject: mailText(d, 'subject'),
  heading: mailText(d, 'heading'),
  paragraphs: Array.isArray(d.paragraphs) ? d.paragraphs.map(String) : [],
  action:
    d.action && typeof d.action === 'object'
      ? {
          label: mailText(d.action as Record<string, unknown>, 'label'),
          url: mailText(d.action as Record<string, unknown>, 'url'),
        }
      : undefined,
  footnote: d.footnote ? mailText(d, 'footnote') : undefined,
});

// NOTE: a registry of code, not of data: modules add their templates when imported, and every app
// of the process renders with the same functions.
// eslint-disable-next-line no-restricted-syntax -- a registry of code, filled at import time
const templates = new Map<string, MailTemplate>([
  ['password-reset', passwordReset],
  ['password-set', passwordSet],
  ['password-changed', passwordChanged],
  ['notice', notice],
]);

/**
 * Adds a template (other modules register theirs at import time, e.g. 'application-received').
 * Registering a name twice is a programming error.
 */
export function registerMailTemplate(name: string, template: MailTemplate): void {
  if (templates.has(name)) throw new Error(`Mail template '${name}' is already registered`);
  templates.set(name, template);
}

/** Renders a registered template; an unknown name is a programming error. */
export function renderMail(
  name: string,
  lang: Lang,
  data: Record<string, unknown>,
  identity: StoreIdentity | null = null,
): RenderedMail {
  const template = templates.get(name);
  if (!template) throw new Error(`Unknown mail template '${name}'`);
  return renderContent(lang, template(lang, data), identity);
}
