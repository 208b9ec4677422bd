import type { MailMessage } from './mailer.ts';

function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : 'Hello,';
}

/** Sent at sign-up (and on a sign-in attempt before confirming): activates the account. */
export function verificationMail(input: { to: string; name?: string | null; url: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm your Penny account',
    text: [
      greeting(input.name),
      '',
      'Welcome to Penny. Open this link to activate your account, then sign in:',
      '',
      input.url,
      '',
      'The link works for one hour. If you did not create a Penny account, you can ignore this email.',
    ].join('\n'),
    link: input.url,
  };
}

/** Sent from Forgot Password and from Change Password in the settings. */
export function resetPasswordMail(input: { to: string; name?: string | null; url: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Reset your Penny password',
    text: [
      greeting(input.name),
      '',
      'Someone asked to reset the password of your Penny account. Open this link to choose a new one:',
      '',
      input.url,
      '',
      'The link works for 30 minutes and only once; choosing a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
    link: input.url,
  };
}

/**
 * Sent when someone signs up with an address that already has an account. The sign-up form answers
 * exactly as for a new address, so only the owner of the inbox learns that the account exists.
 */
export function existingAccountMail(input: {
  to: string;
  name?: string | null;
  signInUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'You already have a Penny account',
    text: [
      greeting(input.name),
      '',
      'Someone tried to create a Penny account with this email address, which already has one.',
      'If it was you, sign in instead, or reset your password from the sign-in screen:',
      '',
      input.signInUrl,
      '',
      'If it was not you, you can ignore this email; nothing has changed.',
    ].join('\n'),
    link: input.signInUrl,
  };
}
