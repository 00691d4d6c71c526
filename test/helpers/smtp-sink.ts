// Test helper: an SMTP server on loopback (smtp-server) that keeps every mail it is sent, parsed (mailparser).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for UNSHELL_SMTP_URL. */
  url: string;
  mails: SunkMail[];
  /** The next mail to `to` with a subject matching `subject`, waiting for it up to `timeoutMs`. */
  next(to: string, subject: RegExp, timeoutMs?: number): Promise<SunkMail>;
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const taken = new Set<SunkMail>();
  const server = new SMTPServer({
    // A plain local relay, as a deployment's own mail server on loopback would be.
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // A client that goes away mid-mail (a server killed with SIGKILL) is an ordinary event for a mail server.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, subject, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.to.includes(to) && subject.test(m.subject));
        if (mail !== undefined) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} matching ${String(subject)} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
