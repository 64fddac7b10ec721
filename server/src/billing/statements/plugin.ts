// StakeStmtWs (spec 001 sections 2 and 7, issue 12): the monthly reward and account statements.
// GetStakeStmt5List makes the caller's missing statements of ended months (generate.ts) and lists
// them; GetDownloadLink / GetDocZipDownload answer a short-lived URL bound to the caller's session
// (links.ts; the reply also sets the httpOnly cookie that binds the browser to that session) that
// GET .../Download?t={token} serves to that session only: one PDF inline, or a zip of several. A job makes
// every customer's statements of the last ended months in the background. Registered by
// billing/plugin.ts.
import { inTestWorker } from '../charges/config.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  StatementMessages,
  getDocZipDownloadBody,
  getDownloadLinkBody,
  getStakeStmtListBody,
  servicePath,
} from '@payd/schemas';
import { zipStore } from '@payd/files';
import type { FeatureDeps, FeaturePlugin } from '../../features.ts';
import type { Caller } from '../../framework/definition.ts';
import { accessDenied, forbidden } from '../../wire/errors.ts';
import {
  defineMethod,
  registerMethods,
  type MethodContext,
  type MethodDefinition,
} from '../../wire/method.ts';
import { listStatements, liveSessionRole, mayList, readable } from './access.ts';
import { billingNow, type BillingNow } from './billingClock.ts';
import { ensureForUser } from './generate.ts';
import { startStatementJob } from './job.ts';
import { StatementLinks } from './links.ts';

export interface StatementsOptions {
  /** The background job's period (0: no job). Default 10 minutes, none under vitest. */
  jobEveryMs?: number;
  /** The billing clock; default billingNow(clock, config). */
  now?: BillingNow;
}

const DOWNLOAD = servicePath('StakeStmt', 'Download');

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

export function createStatementsFeature(o: StatementsOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock, config } = deps;
    const now = o.now ?? billingNow(clock, config);
    const links = new StatementLinks(config.tokenSecret);
    const secure = config.publicUrl.startsWith('https:');
    // The session cookie of a link reply, set by the onSend hook (a method's handler has no reply).
    const cookies = new WeakMap<FastifyRequest, string>();
    fastify.addHook('onSend', async (request, reply, payload) => {
      const cookie = cookies.get(request);
      if (cookie && reply.statusCode === 200) void reply.header('Set-Cookie', cookie);
      return payload;
    });

    const linkFor = async (c: Caller, ctx: MethodContext, ids: number[], zip: boolean) => {
      const found = await readable(db, c.usrId, c.role, ids);
      if (found.length !== new Set(ids).size) throw forbidden(StatementMessages.notFound);
      const sessionId = ctx.user!.sessionId;
      const token = links.sign({ ids: found.map((f) => f.id), usrId: c.usrId, sessionId, zip }, clock.now());
      cookies.set(ctx.request, links.sessionCookie(sessionId, DOWNLOAD, secure));
      return { url: `${DOWNLOAD}?t=${token}`, inline: !zip };
    };

    const methods = [
      defineMethod({
        service: 'StakeStmt',
        method: 'GetStakeStmt5List',
        body: getStakeStmtListBody,
        auth: 'user',
        handler: async (b, ctx) => {
          const c = caller(ctx);
          if (!mayList(c.role)) throw forbidden();
          if (c.usrId && (b.UsrId8 === undefined || b.UsrId8 === c.usrId))
            await ensureForUser(db, c.usrId, await now());
          return listStatements(db, c, { kind: b.StmtTypeCd8, usrId: b.UsrId8, topN: b.topN });
        },
      }),
      defineMethod({
        service: 'StakeStmt',
        method: 'GetDownloadLink',
        body: getDownloadLinkBody,
        auth: 'user',
        handler: async (b, ctx) => linkFor(caller(ctx), ctx, [b.keyId], false),
      }),
      defineMethod({
        service: 'StakeStmt',
        method: 'GetDocZipDownload',
        body: getDocZipDownloadBody,
        auth: 'user',
        handler: async (b, ctx) =>
          linkFor(caller(ctx), ctx, Array.isArray(b.keyId) ? b.keyId : [b.keyId], true),
      }),
    ] as unknown as MethodDefinition[];
    registerMethods(fastify, methods, deps.methods);

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
      const user = bearer ? await deps.methods.authenticate(bearer) : null;
      if (user && user.usrId !== claims.usrId) return refuse(reply, 403, StatementMessages.linkRefused);
      const fromSession = user
        ? user.sessionId === claims.sessionId
        : links.fromSession(request.headers.cookie, claims.sessionId);
      if (!fromSession) return refuse(reply, 403, StatementMessages.linkOtherSession);
      const files = await readable(db, claims.usrId, role, claims.ids);
      if (!files.length || files.length !== claims.ids.length)
        return refuse(reply, 403, StatementMessages.linkRefused);
      reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
      if (!claims.zip && files.length === 1) {
        const f = files[0]!;
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${f.name}"`)
          .send(f.doc);
      }
      const zip = zipStore(files.map((f) => ({ name: f.name, data: f.doc, modified: at })));
      return reply
        .type('application/zip')
        .header('Content-Disposition', 'attachment; filename="Statements.zip"')
        .send(Buffer.from(zip));
    });

    const every = o.jobEveryMs ?? (inTestWorker() ? 0 : 10 * 60_000);
    if (every > 0) startStatementJob(fastify, deps, now, every);
  };
}

export const statementsFeature: FeaturePlugin = createStatementsFeature();
