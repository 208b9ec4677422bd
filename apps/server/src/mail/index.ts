export { createDevOutbox, type DevOutbox, type OutboxEntry } from './dev-outbox.ts';
export { createLogTransport } from './log-transport.ts';
export {
  createMailer,
  type MailDelivery,
  type Mailer,
  type MailMessage,
  type MailThrottle,
  type MailTransport,
  maskEmail,
} from './mailer.ts';
export { createSmtpTransport } from './smtp.ts';
export { existingAccountMail, resetPasswordMail, verificationMail } from './templates.ts';
