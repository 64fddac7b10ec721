// StakeStmtWs (spec 001 sections 2 and 7, issue 12): the monthly reward and account statements,
// and beside them the combined statement of everything the customer holds (issue 29 item 4,
// combined/: a PDF and a CSV; GetDownloadLink with options.format 'csv' links its CSV).
// GetStakeStmt5List makes the caller's missing statements of ended months (generate.ts) and lists
// them; GetDownloadLink / GetDocZipDownload answer a short-lived URL bound to the caller's session
// (links.ts; the reply also sets the httpOnly cookie that binds the browser to that session) that
// GET .../Download?t={token} serves to that session only: one PDF inline, or a zip of several. A job makes
// every customer's statements of the last ended months in the background. Registered by
// billing/plugin.ts.
import { inTestWorker } from '../charges/config.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StatementMessages, getStakeStmtList, getDownloadLink, getDocZipDownload } from '@payd/schemas';
import type { FeatureDeps, FeaturePlugin } from '../../featureDeps.ts';
import type { Caller } from '../../framework/definition.ts';
import { accessDenied, forbidden } from '../../wire/errors.ts';
import { registerMethods, type MethodContext } from '../../wire/method.ts';
import { implement } from '../../wire/implement.ts';
import { listStatements, mayList, readable } from './access.ts';
import { billingNow, type BillingNow } from './billingClock.ts';
import { ensureForUser } from './generate.ts';
import { DOWNLOAD, registerDownload } from './download.ts';
import { startStatementJob } from './job.ts';
import { StatementLinks } from './links.ts';
import { combinedSourcesFor } from './combined/sources.ts';
import { ensureCombinedForUser, type CombinedSources } from './combined/generate.ts';

export interface StatementsOptions {
  /** The background job's period (0: no job). Default 10 minutes, none under vitest. */
  jobEveryMs?: number;
  /** The billing clock; default billingNow(clock, config). */
  now?: BillingNow;
  /**
   * Where the combined statement (C) reads the chain; default the deployment of the configured chain
   * over RPC_URL (combined/sources.ts); none under vitest. Null: no combined statements.
   */
  combined?: CombinedSources | null;
}

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

export function createStatementsFeature(o: StatementsOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock, config } = deps;
    const now = o.now ?? billingNow(clock, config);
    // Under vitest only when given: a test's lists must not depend on a dev chain left running.
    const combined =
      o.combined !== undefined ? o.combined : inTestWorker() ? null : combinedSourcesFor(config);
    const links = new StatementLinks(config.tokenSecret);
    const secure = config.publicUrl.startsWith('https:');
    // The session cookie of a link reply, set by the onSend hook (a method's handler has no reply).
    const cookies = new WeakMap<FastifyRequest, string>();
    fastify.addHook('onSend', async (request, reply, payload) => {
      const cookie = cookies.get(request);
      if (cookie && reply.statusCode === 200) void reply.header('Set-Cookie', cookie);
      return payload;
    });

    const linkFor = async (c: Caller, ctx: MethodContext, ids: number[], zip: boolean, csv = false) => {
      const found = await readable(db, c.usrId, c.role, ids);
      if (found.length !== new Set(ids).size) throw forbidden(StatementMessages.notFound);
      const sessionId = ctx.user!.sessionId;
      if (csv && !found[0]?.csv) throw forbidden(StatementMessages.noCsv);
      const claims = { ids: found.map((f) => f.id), usrId: c.usrId, sessionId, zip, ...(csv && { csv }) };
      const token = links.sign(claims, clock.now());
      cookies.set(ctx.request, links.sessionCookie(sessionId, DOWNLOAD, secure));
      return { url: `${DOWNLOAD}?t=${token}`, inline: !zip && !csv };
    };

    const methods = [
      implement(getStakeStmtList, async (b, ctx) => {
        const c = caller(ctx);
        if (!mayList(c.role)) throw forbidden();
        if (c.usrId && (b.UsrId8 === undefined || b.UsrId8 === c.usrId)) {
          const at = await now();
          await ensureForUser(db, c.usrId, at);
          // The chain may be away: the list answers all the same, the job makes it later.
          if (combined)
            await ensureCombinedForUser(db, combined, c.usrId, at).catch((err: unknown) =>
              ctx.request.log.warn({ err, usrId: c.usrId }, 'combined statement not made'),
            );
        }
        return listStatements(db, c, { kind: b.StmtTypeCd8, usrId: b.UsrId8, topN: b.topN });
      }),
      implement(getDownloadLink, async (b, ctx) =>
        linkFor(caller(ctx), ctx, [b.keyId], false, b.options?.format === 'csv'),
      ),
      implement(getDocZipDownload, async (b, ctx) =>
        linkFor(caller(ctx), ctx, Array.isArray(b.keyId) ? b.keyId : [b.keyId], true),
      ),
    ];
    registerMethods(fastify, methods, deps.methods);

    registerDownload(fastify, { db, clock, links, authenticate: deps.methods.authenticate });

    const every = o.jobEveryMs ?? (inTestWorker() ? 0 : 10 * 60_000);
    if (every > 0) startStatementJob(fastify, deps, now, every, combined);
  };
}

export const statementsFeature: FeaturePlugin = createStatementsFeature();
