// Public entry of the mail module (see accounts/index.ts for the rule).
export {
  enqueueMail,
  enqueueMailInsert,
  enqueueMailPart,
  registerMailTemplate,
  type MailContent,
} from './mail.service';
export { choosePassword, mailText, personalTemplate } from './mail.templates';
export { startMailWorker } from './mail.worker';
// The back-office home: what waits and what failed.
export { failedMails, mailSummary, requeueFailedMail } from './mail.admin';
