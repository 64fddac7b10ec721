// Staff administration from the command line:
//   npm run admin -- create-staff --email a@b.c --role kyc-reviewer|operator|admin [--password ...]
// Without --password (or ADMIN_PASSWORD) the password is asked for on the terminal. Uses the
// same database settings as the server (DATABASE_URL, else the embedded PGlite under .data/).
// The embedded database has one owner: while the server runs, the command goes through it (its
// local admin endpoint, see endpoint.ts); otherwise it opens the database itself.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { DirectoryLockedError } from '@payd/dir-lock';
import { createStaff } from './createStaff.ts';
import { createStaffThroughServer, readAdminEndpoint } from './endpoint.ts';
import { staffRoleNames } from '../framework/roles.ts';

const usage = `usage: npm run admin -- create-staff --email <email> --role ${Object.keys(staffRoleNames).join('|')} [--password <password>]`;

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: echo nothing after the prompt.
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  let prompted = false;
  out._writeToOutput = (s: string) => {
    if (!prompted) {
      out.output.write(s);
      prompted = true;
    }
  };
  const answer = await rl.question('Password: ');
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-staff') {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.email || !values.role) {
    console.error(usage);
    return 2;
  }
  const password = values.password ?? process.env.ADMIN_PASSWORD ?? (await askPassword());
  const input = { email: values.email, role: values.role, password };
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      owner: 'npm run admin',
    });
  } catch (err) {
    // The embedded database belongs to the process that has it open: ask that server instead.
    if (!(err instanceof DirectoryLockedError)) throw err;
    return viaServer(err, input);
  }
  try {
    const r = await createStaff(database.db, input);
    console.log(
      `${r.created ? 'created' : 'updated'} staff user ${values.email} (id ${r.usrId}, role ${values.role})`,
    );
    return 0;
  } catch (err) {
    const issues = (err as { issues?: { message: string }[] }).issues;
    console.error(issues ? issues.map((i) => i.message).join('\n') : String(err));
    return 1;
  } finally {
    await database.close();
  }
}

/** create-staff through the running server that owns the embedded database. */
async function viaServer(
  locked: DirectoryLockedError,
  input: { email: string; role: string; password: string },
): Promise<number> {
  const endpoint = readAdminEndpoint(locked.dir);
  if (!endpoint || endpoint.pid !== locked.holder.pid) {
    console.error(
      `${locked.message}.\nIt takes no admin commands (it is not a running payd server, or it is still ` +
        'starting): wait for it to finish or stop it, then run this command again.',
    );
    return 1;
  }
  const reply = await createStaffThroughServer(endpoint, input).catch((err: unknown) => {
    console.error(`the running payd server (process ${endpoint.pid}) did not answer: ${String(err)}`);
    return null;
  });
  if (!reply) return 1;
  if (!reply.ok) {
    console.error(reply.error);
    return 1;
  }
  console.log(
    `${reply.created ? 'created' : 'updated'} staff user ${input.email} (id ${reply.usrId}, role ${input.role}) ` +
      `through the running payd server (process ${endpoint.pid})`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
