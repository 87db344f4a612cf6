export { type MailStatus, mailOutbox, mailStatuses } from './mail.tables.ts';
export { enqueueMail, type MailRequest } from './outbox.ts';
export {
  type MailLanguage,
  type MailTemplate,
  type MailTemplateData,
  mailTemplates,
  PLATFORM_NAME,
  type RenderedMail,
  renderMail,
} from './templates.ts';
export {
  createMailboxTransport,
  createMailTransport,
  createSmtpTransport,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts';
export { createMailWorker, type MailLogger, type MailRunResult, type MailWorker } from './worker.ts';

/** An absolute link into the back-office for a mail: `publicUrl` (config `PUBLIC_URL`) plus a path. */
export const publicLink = (publicUrl: string, path: string) =>
  `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
