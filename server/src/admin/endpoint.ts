// The admin road of the embedded default. The embedded database (PGlite) belongs to the one process
// that opened it, so while the server runs, `npm run admin` cannot open it and asks the server
// instead: the server listens on 127.0.0.1 only, on a port of the system's choosing, and writes
// port and a fresh random token to `payd-admin.json` (mode 0600) in the database directory, so only
// the local user who owns the data can call it. It exists only in the embedded default (PGlite):
// with PostgreSQL every instance and the admin command share the database and nothing listens.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import { createStaff, createStaffInput, type CreateStaffResult } from './createStaff.ts';

/** The file in the database directory that tells `npm run admin` where the running server listens. */
export const ADMIN_ENDPOINT_FILE = 'payd-admin.json';

/** What the endpoint file holds. */
export interface AdminEndpointInfo {
  /** The server's process id (matches the database lock's owner). */
  pid: number;
  /** Port on 127.0.0.1. */
  port: number;
  /** Bearer token of this server run. */
  token: string;
}

/** A running admin endpoint. */
export interface AdminEndpoint {
  port: number;
  /** Stops listening and removes the endpoint file. */
  close(): Promise<void>;
}

/** Largest request body (an e-mail, a role and a password). */
const MAX_BODY_BYTES = 16 * 1024;

/** Reply of `POST /create-staff`. */
export type CreateStaffReply =
  ({ ok: true } & CreateStaffResult) | { ok: false; error: string; field?: string };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function authorised(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function handle(database: Database, token: string, req: IncomingMessage, res: ServerResponse) {
  if (!authorised(req, token)) return send(res, 401, { ok: false, error: 'Unauthorized' });
  if (req.method !== 'POST' || req.url !== '/create-staff')
    return send(res, 404, { ok: false, error: 'Not found' });
  const text = await readBody(req);
  if (text === null) return send(res, 413, { ok: false, error: 'Request body too large' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return send(res, 400, { ok: false, error: 'The body is not JSON' });
  }
  const parsed = createStaffInput.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return send(res, 400, { ok: false, error: issue.message, field: issue.path.join('.') });
  }
  const result = await createStaff(database.db, parsed.data);
  send(res, 200, { ok: true, ...result } satisfies CreateStaffReply);
}

/** Starts the admin endpoint of the process that owns the PGlite directory `dir`. */
export async function startAdminEndpoint(options: {
  database: Database;
  dir: string;
}): Promise<AdminEndpoint> {
  const { database } = options;
  if (database.kind !== 'pglite') throw new Error('the admin endpoint is for the embedded database only');
  const token = randomBytes(32).toString('base64url');
  const server = createServer((req, res) => {
    handle(database, token, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { ok: false, error: 'The server could not do it' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const file = join(options.dir, ADMIN_ENDPOINT_FILE);
  // A file left by a killed server may exist (with whatever mode it had): replace it, created 0600.
  try {
    unlinkSync(file);
  } catch {
    // None.
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, port, token } satisfies AdminEndpointInfo), {
    mode: 0o600,
    flag: 'wx',
  });
  return {
    port,
    close: async () => {
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as AdminEndpointInfo;
        if (current.token === token) unlinkSync(file);
      } catch {
        // Gone already.
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads the endpoint file of the PGlite directory `dir`; null when there is none. */
export function readAdminEndpoint(dir: string): AdminEndpointInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, ADMIN_ENDPOINT_FILE), 'utf8')) as AdminEndpointInfo;
  } catch {
    return null;
  }
}

/** Asks the running server behind `endpoint` to create (or re-role) a staff user. */
export async function createStaffThroughServer(
  endpoint: AdminEndpointInfo,
  input: { email: string; role: string; password: string },
): Promise<CreateStaffReply> {
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/create-staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.token}` },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as CreateStaffReply;
}
