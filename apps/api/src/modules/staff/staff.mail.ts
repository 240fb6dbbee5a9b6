import type { Lang } from '@wholesale/contract';
import {
  choosePassword,
  mailText,
  personalMail,
  registerMailTemplate,
  type MailContent,
} from '../mail';

/** The invitation a new staff member receives, in their language, with a set-password link. */
export const MAIL_STAFF_INVITE = 'staff-invite';

const invite = (lang: Lang, d: Record<string, unknown>): MailContent => {
  const name = mailText(d, 'name');
  const url = mailText(d, 'url');
  const roles = mailText(d, 'roles');
  return personalMail(lang, name, {
    en: {
      subject: 'You are invited to the wholesale back office',
      paragraphs: [
        `You have been given access to the back office (roles: ${roles}). Choose a password to sign in.`,
      ],
      ...choosePassword('en', url),
    },
    fr: {
      subject: 'Vous êtes invité(e) dans l’espace de gestion grossiste',
      paragraphs: [
        `Un accès à l’espace de gestion vous a été ouvert (rôles : ${roles}). Choisissez un mot de passe pour vous connecter.`,
      ],
      ...choosePassword('fr', url),
    },
    es: {
      subject: 'Ha sido invitado(a) a la administración mayorista',
      paragraphs: [
        `Se le ha dado acceso a la administración (roles: ${roles}). Elija una contraseña para iniciar sesión.`,
      ],
      ...choosePassword('es', url),
    },
  });
};

registerMailTemplate(MAIL_STAFF_INVITE, invite);
