// Outgoing e-mail over SMTP (nodemailer). Sending is queued so a reply never waits on (or
// reveals through its timing) a mail; failures are only logged (spec 002 section 8).
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Queues a mail; never throws. */
  send(mail: OutgoingMail): void;
  /** Resolves when every queued mail has been handed to the SMTP server (or failed). */
  flush(): Promise<void>;
  close(): void;
}

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port or smtps://... */
  url: string;
  from: string;
  /** Where failures go; receives no addresses or contents. */
  logError(message: string): void;
}

export function smtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      const p = transport
        .sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        .then(
          () => undefined,
          (err: unknown) =>
            options.logError(`mail not sent: ${err instanceof Error ? err.message : 'error'}`),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    close() {
      transport.close();
    },
  };
}
