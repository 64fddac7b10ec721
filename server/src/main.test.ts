// The real entry point as a process: embedded mode on a data directory, mail through its SMTP
// sink, a second start that keeps the account, and one owner of the embedded database.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { servicePath, type ActivateReply, type ApiReply, type SignUpReply } from '@payd/schemas';
import { pkce } from './testing/flows.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'payd-main-'));
const running = new Set<ChildProcess>();

async function start(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./main.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: '0',
      SMTP_SINK_PORT: '0',
      PAYD_DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /payd API listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          running.delete(child);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function call<T>(
  url: string,
  service: string,
  method: string,
  body: unknown,
): Promise<ApiReply<T>['d']> {
  const res = await fetch(`${url}${servicePath(service, method)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as ApiReply<T>).d;
}

describe('main.ts', () => {
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs embedded, mails through its sink, and keeps accounts across restarts', async () => {
    const first = await start();
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
    const challenge = (await (await fetch(`${first.url}/altcha/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const email = 'main@example.com';
    const s = await call<SignUpReply>(first.url, 'SignUp', 'SignUp', {
      emailAddress: email,
      reCaptchaRequest: captcha,
    });
    expect(s.status).toBe('success');
    let code: string | undefined;
    while (!code) {
      const mails = (await (await fetch(`${first.url}/dev/mailbox.json?to=${email}`)).json()) as {
        text: string;
      }[];
      code = /code is: ([A-Z0-9]+)/.exec(mails[0]?.text ?? '')?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const a = await call<ActivateReply>(first.url, 'SignUp', 'Activate', {
      emailAddress: email,
      password: 'Granite-Finch-29!',
      nounce: s.data!.nounce,
      ticketLeft: s.data!.ticketLeft,
      ticketRight: code,
    });
    expect(a.status).toBe('success');
    await first.stop();

    const second = await start();
    const { challenge: codeChallenge } = pkce();
    const login = await call<{ accessCode: string }>(second.url, 'auth', 'Login', {
      client_id: 'web',
      usrName: email,
      password: 'Granite-Finch-29!',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    expect(login.status).toBe('success');
    const config = (await (await fetch(`${second.url}/config.json`)).json()) as {
      dev?: { mailboxUrl: string };
    };
    expect(config.dev!.mailboxUrl).toBe(`${second.url}/dev/mailbox`);
    await second.stop();
    // Two cold starts of PGlite on a data directory: slow on a busy machine.
  }, 400_000);

  it('owns its embedded database: admin commands go through it, a second server is refused', async () => {
    const server = await start();
    // A second server on the same data directory stops before it touches the database.
    const second = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./main.ts', import.meta.url).pathname],
      {
        env: { ...process.env, PORT: '0', SMTP_SINK_PORT: '0', PAYD_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let secondOut = '';
    second.stdout.on('data', (c: Buffer) => (secondOut += c.toString()));
    second.stderr.on('data', (c: Buffer) => (secondOut += c.toString()));
    const secondCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(secondCode).toBe(1);
    expect(secondOut).toContain('the embedded database');
    expect(secondOut).toContain('is in use by payd server');
    expect(secondOut).not.toContain('listening');

    // `npm run admin -- create-staff` while the server runs: done by the server, which owns the files.
    const admin = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        new URL('./admin/cli.ts', import.meta.url).pathname,
        'create-staff',
        '--email',
        'reviewer@example.com',
        '--role',
        'kyc-reviewer',
        '--password',
        'Review-Passw0rd!',
      ],
      { env: { ...process.env, PAYD_DATA_DIR: dataDir }, timeout: 120_000 },
    );
    expect(admin.stdout).toMatch(
      /created staff user reviewer@example.com .* through the running payd server/,
    );
    const { challenge } = pkce();
    const login = await call<{ accessCode: string }>(server.url, 'auth', 'Login', {
      client_id: 'web',
      usrName: 'reviewer@example.com',
      password: 'Review-Passw0rd!',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(login.status).toBe('success');
    await server.stop();
    // Stopped: neither the endpoint file nor the lock is left behind.
    expect(existsSync(join(dataDir, 'db', 'payd-admin.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'db', 'payd.lock'))).toBe(false);
  }, 400_000);
});
