import { choosePassword, personalTemplate, registerMailTemplate } from '../mail';

/** The invitation a new staff member receives, in their language, with a set-password link. */
export const MAIL_STAFF_INVITE = 'staff-invite';

const invite = personalTemplate((value) => ({
  en: {
    subject: 'You are invited to the wholesale back office',
    paragraphs: [
      `You have been given access to the back office (roles: ${value('roles')}). Choose a password to sign in.`,
    ],
    ...choosePassword('en', value('url')),
  },
  fr: {
    subject: 'Vous êtes invité(e) dans l’espace de gestion grossiste',
    paragraphs: [
      `Un accès à l’espace de gestion vous a été ouvert (rôles : ${value('roles')}). Choisissez un mot de passe pour vous connecter.`,
    ],
    ...choosePassword('fr', value('url')),
  },
  es: {
    subject: 'Ha sido invitado(a) a la administración mayorista',
    paragraphs: [
      `Se le ha dado acceso a la administración (roles: ${value('roles')}). Elija una contraseña para iniciar sesión.`,
    ],
    ...choosePassword('es', value('url')),
  },
}));

registerMailTemplate(MAIL_STAFF_INVITE, invite);
