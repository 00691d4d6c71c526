// Mail to account holders: over SMTP with nodemailer when UNSHELL_SMTP_URL is set, otherwise into the server log.
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mails go, for the start-up log and the status document. */
  readonly via: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
}

/**
 * Without an SMTP server the operator is the postman: each mail, link included, is written to the server log, so
 * that a demo or a private deployment still works end to end.
 */
export function mailerFor(config: MailConfig, log: (line: string) => void): Mailer {
  if (config.smtpUrl === null)
    return {
      via: 'log',
      send: (mail) => {
        log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return Promise.resolve();
      },
    };
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    via: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
