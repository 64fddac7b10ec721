// The embedded default's SMTP sink: a real SMTP server inside payd that accepts every mail and
// stores it in the mails table, shown at /dev/mailbox. Production uses SMTP_URL instead.
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { Database } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { mails } from '../db/schema.ts';

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpSink(options: {
  database: Database;
  clock: Clock;
  port: number;
  host?: string;
}): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then(async (email) => {
            const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            for (const to of recipients) {
              await options.database.db.insert(mails).values({
                mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                mailTo: to,
                subject: email.subject ?? '',
                textBody: email.text ?? '',
                htmlBody: email.html ?? '',
                receivedAt: options.clock.now(),
              });
            }
            callback();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error('mail not stored')));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
