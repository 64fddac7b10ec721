// Staff administration from the command line:
//   npm run admin -- create-staff --email a@b.c --role kyc-reviewer|operator|admin [--password ...]
// Without --password (or ADMIN_PASSWORD) the password is asked for on the terminal. Uses the
// same database settings as the server (DATABASE_URL, else the embedded PGlite under .data/).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createStaff } from './createStaff.ts';
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
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const r = await createStaff(database.db, { email: values.email, role: values.role, password });
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

process.exitCode = await main(process.argv.slice(2));
