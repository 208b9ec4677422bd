import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer.ts';

/** Real delivery through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials inside). */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
