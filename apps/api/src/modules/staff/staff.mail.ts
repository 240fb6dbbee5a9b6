import type { Lang } from '@wholesale/contract';
import { registerMailTemplate, type MailContent } from '../mail';

/** The invitation a new staff member receives, in their language, with a set-password link. */
export const MAIL_STAFF_INVITE = 'staff-invite';

function str(data: Record<string, unknown>, key: string): string {
  const v = data[key];
  return typeof v === 'string' ? v : '';
}

const invite = (lang: Lang, d: Record<string, unknown>): MailContent => {
  const name = str(d, 'name');
  const url = str(d, 'url');
  const roles = str(d, 'roles');
  const texts: Record<Lang, MailContent> = {
    en: {
      subject: 'You are invited to the wholesale back office',
      heading: `Hello ${name},`,
      paragraphs: [
        `You have been given access to the back office (roles: ${roles}). Choose a password to sign in.`,
      ],
      action: { label: 'Choose my password', url },
      footnote: 'This link can be used once and expires in 7 days.',
    },
    fr: {
      subject: 'Vous êtes invité(e) dans l’espace de gestion grossiste',
      heading: `Bonjour ${name},`,
      paragraphs: [
        `Un accès à l’espace de gestion vous a été ouvert (rôles : ${roles}). Choisissez un mot de passe pour vous connecter.`,
      ],
      action: { label: 'Choisir mon mot de passe', url },
      footnote: 'Ce lien ne peut servir qu’une fois et expire dans 7 jours.',
    },
    es: {
      subject: 'Ha sido invitado(a) a la administración mayorista',
      heading: `Hola ${name}:`,
      paragraphs: [
        `Se le ha dado acceso a la administración (roles: ${roles}). Elija una contraseña para iniciar sesión.`,
      ],
      action: { label: 'Elegir mi contraseña', url },
      footnote: 'Este enlace solo puede usarse una vez y caduca en 7 días.',
    },
  };
  return texts[lang];
};

registerMailTemplate(MAIL_STAFF_INVITE, invite);
