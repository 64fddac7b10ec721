// Starts the payd API server from environment variables (see config.ts and the README):
// database and migrations, mail (SMTP_URL or the embedded sink), then the HTTP server.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DirectoryLockedError } from '@payd/dir-lock';
import { startAdminEndpoint } from './admin/endpoint.ts';
import { smtpMailer } from './mail/mailer.ts';
import { cardPayments } from './billing/card/cardPayments.ts';
import { startSmtpSink, type SmtpSink } from './mail/smtpSink.ts';
import { systemClock } from './clock.ts';
import { buildApp } from './app.ts';
import { purgeExpired } from './auth/purge.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  owner: 'payd server',
}).catch((err: unknown) => {
  // A second server on the same data directory: say so and stop, without a stack trace.
  if (err instanceof DirectoryLockedError) {
    console.error(`payd: ${err.message}. Is payd already running on this data directory?`);
    process.exit(1);
  }
  throw err;
});
// The embedded database has one owner, this process: `npm run admin` goes through it while it runs.
const admin =
  database.kind === 'pglite' && config.pgliteDir
    ? await startAdminEndpoint({ database, dir: config.pgliteDir })
    : undefined;

let sink: SmtpSink | undefined;
let smtpUrl = config.smtpUrl;
if (!smtpUrl) {
  sink = await startSmtpSink({ database, clock: systemClock, port: config.smtpSinkPort });
  smtpUrl = `smtp://127.0.0.1:${sink.port}`;
}
const app = await buildApp({
  config,
  database,
  mailer: smtpMailer({
    url: smtpUrl,
    from: config.mailFrom,
    logError: (m) => console.error(m),
  }),
  // the card provider config.ts calls for: in the embedded default the local one and its confirm method
  card: cardPayments(config.card, () => systemClock.now()),
  mailbox: Boolean(sink),
  logger: { level: process.env.LOG_LEVEL || 'warn' },
});

const address = await app.listen({ port: config.port, host: config.host });
const port = app.server.address();
if (!process.env.PUBLIC_URL && typeof port === 'object' && port)
  config.publicUrl = `http://localhost:${port.port}`;
console.log(`payd API listening on ${config.publicUrl} (bound to ${address})`);
if (sink) console.log(`dev mailbox: ${config.publicUrl}/dev/mailbox (SMTP sink on port ${sink.port})`);

const purge = () =>
  purgeExpired(database.db, systemClock.now()).catch((err: unknown) =>
    console.error(`purge failed: ${err instanceof Error ? err.message : 'error'}`),
  );
setInterval(() => void purge(), 3600_000).unref();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await admin?.close();
  await app.close();
  await sink?.close();
  await database.close();
  process.exit(0);
}
function onSignal() {
  stop().catch((err: unknown) => {
    console.error('payd: shutdown failed:', err);
    process.exit(1);
  });
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
