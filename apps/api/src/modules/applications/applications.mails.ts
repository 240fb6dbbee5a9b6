import type { Lang } from '@wholesale/contract';
import { mailText, personalTemplate, registerMailTemplate, type MailContent } from '../mail';

/** Mail templates of the application review (registered once, on import). */
export const MAIL_RECEIVED = 'application-received';
export const MAIL_STAFF_NOTICE = 'application-staff-notice';
export const MAIL_REJECTED = 'application-rejected';

const received = personalTemplate((value) => ({
  en: {
    subject: 'We received your account application',
    paragraphs: [
      `Thank you for applying for a wholesale account for ${value('company')}. Your application has been submitted and is now under review by our credit department.`,
      'Your profile will be activated after the vetting process. We will e-mail you as soon as your account is approved, with a link to choose your password.',
    ],
  },
  fr: {
    subject: 'Nous avons reçu votre demande d’ouverture de compte',
    paragraphs: [
      `Merci d’avoir demandé un compte grossiste pour ${value('company')}. Votre demande a été transmise et est en cours d’examen par notre service du crédit.`,
      'Votre profil sera activé à l’issue de la vérification. Nous vous écrirons dès que votre compte sera approuvé, avec un lien pour choisir votre mot de passe.',
    ],
  },
  es: {
    subject: 'Hemos recibido su solicitud de cuenta',
    paragraphs: [
      `Gracias por solicitar una cuenta mayorista para ${value('company')}. Su solicitud fue enviada y nuestro departamento de crédito la está revisando.`,
      'Su perfil se activará tras el proceso de verificación. Le escribiremos en cuanto su cuenta sea aprobada, con un enlace para elegir su contraseña.',
    ],
  },
}));

// Staff read English: the notice is not translated on purpose.
const staffNotice = (_lang: Lang, d: Record<string, unknown>): MailContent => ({
  subject: `New ${mailText(d, 'country') === 'ca' ? 'Canadian' : 'USA'} account application: ${mailText(d, 'company')}`,
  heading: 'A new account application is waiting for review',
  paragraphs: [
    `Company: ${mailText(d, 'company')}`,
    `Owner: ${mailText(d, 'owner')} <${mailText(d, 'email')}>`,
    `Country: ${mailText(d, 'country') === 'ca' ? 'Canada' : 'USA'} · Language: ${mailText(d, 'lang')}`,
  ],
  action: { label: 'Review the application', url: mailText(d, 'url') },
});

const rejected = personalTemplate((value) => ({
  en: {
    subject: 'Your account application',
    paragraphs: [
      `Thank you for your interest. After review, we are unable to open a wholesale account for ${value('company')} at this time.`,
      `Reason: ${value('reason')}`,
      'If you have questions or new information, please contact customer support.',
    ],
  },
  fr: {
    subject: 'Votre demande d’ouverture de compte',
    paragraphs: [
      `Merci de votre intérêt. Après examen, nous ne pouvons pas ouvrir de compte grossiste pour ${value('company')} pour le moment.`,
      `Motif : ${value('reason')}`,
      'Pour toute question ou tout nouvel élément, veuillez contacter le service à la clientèle.',
    ],
  },
  es: {
    subject: 'Su solicitud de cuenta',
    paragraphs: [
      `Gracias por su interés. Tras la revisión, no podemos abrir una cuenta mayorista para ${value('company')} por el momento.`,
      `Motivo: ${value('reason')}`,
      'Si tiene preguntas o nueva información, comuníquese con atención al cliente.',
    ],
  },
}));

registerMailTemplate(MAIL_RECEIVED, received);
registerMailTemplate(MAIL_STAFF_NOTICE, staffNotice);
registerMailTemplate(MAIL_REJECTED, rejected);
