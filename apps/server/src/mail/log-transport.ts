import type { Logger } from '../logger.ts';
import { type MailTransport, maskEmail } from './mailer.ts';

/**
 * MAIL_MODE=log: the operator chose no mail server. Each message's link goes to the server log and
 * nowhere else (no table, no HTTP listing), so only whoever can read the log can act on it.
 */
export function createLogTransport(deps: { logger: Logger }): MailTransport {
  return {
    kind: 'log',
    async deliver(message) {
      deps.logger.info(
        { mail: { to: maskEmail(message.to), subject: message.subject } },
        `mail (MAIL_MODE=log): ${message.link ?? '(no link)'}`,
      );
    },
  };
}
