// GET .../StakeStmtWs.asmx/Download?t={token} (links.ts): the statements a link names, to the
// session that asked for it only: one PDF inline, a combined statement's CSV (attachment), or a zip
// of several (with each combined statement's CSV beside its PDF). Every refusal is a 403 with
// a plain-text message saying why (expired, another session or no sign-in, another customer's).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StatementMessages, servicePath } from '@payd/schemas';
import { zipStore } from '@payd/files';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../wire/method.ts';
import { liveSessionRole, readable } from './access.ts';
import type { StatementLinks } from './links.ts';

export const DOWNLOAD = servicePath('StakeStmt', 'Download');

/** 'Combined Statement 2026-11.pdf' → 'Combined Statement 2026-11.csv'. */
const csvName = (pdfName: string) => pdfName.replace(/\.pdf$/, '') + '.csv';

export interface DownloadDeps {
  db: Db;
  clock: Clock;
  links: StatementLinks;
  authenticate(token: string): Promise<AuthUser | null>;
}

export function registerDownload(fastify: FastifyInstance, d: DownloadDeps): void {
  const { db, clock, links } = d;
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(message);

  fastify.get<{ Querystring: { t?: string } }>(DOWNLOAD, async (request, reply) => {
    const at = clock.now();
    const check = links.verify(String(request.query.t ?? ''), at);
    if (!check.ok)
      return refuse(
        reply,
        403,
        check.reason === 'expired' ? StatementMessages.linkExpired : StatementMessages.linkRefused,
      );
    const { claims } = check;
    // Only the session that asked, while it is live: its Bearer token, or (a browser tab, which
    // sends no Bearer header) the cookie the link's reply set for that session.
    const role = await liveSessionRole(db, claims, at);
    if (role === undefined) return refuse(reply, 403, StatementMessages.linkOtherSession);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const user = bearer ? await d.authenticate(bearer) : null;
    if (user && user.usrId !== claims.usrId) return refuse(reply, 403, StatementMessages.linkRefused);
    const fromSession = user
      ? user.sessionId === claims.sessionId
      : links.fromSession(request.headers.cookie, claims.sessionId);
    if (!fromSession) return refuse(reply, 403, StatementMessages.linkOtherSession);
    const files = await readable(db, claims.usrId, role, claims.ids);
    if (!files.length || files.length !== claims.ids.length)
      return refuse(reply, 403, StatementMessages.linkRefused);
    reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
    if (claims.csv) {
      const f = files[0]!;
      if (files.length !== 1 || !f.csv) return refuse(reply, 403, StatementMessages.noCsv);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvName(f.name)}"`)
        .send(f.csv);
    }
    if (!claims.zip && files.length === 1) {
      const f = files[0]!;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${f.name}"`)
        .send(f.doc);
    }
    // A combined statement's CSV goes beside its PDF.
    const zip = zipStore(
      files.flatMap((f) => [
        { name: f.name, data: f.doc, modified: at },
        ...(f.csv ? [{ name: csvName(f.name), data: f.csv, modified: at }] : []),
      ]),
    );
    return reply
      .type('application/zip')
      .header('Content-Disposition', 'attachment; filename="Statements.zip"')
      .send(Buffer.from(zip));
  });
}
