// What the browser loads besides the API: /config.json, /version.json, the ALTCHA challenge,
// the dev mailbox (embedded mode), and the built web app with an SPA fallback to index.html.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { desc, eq } from 'drizzle-orm';
import { DEV_CHAIN_ID, type WebConfig, type WebWalletConfig } from '@payd/schemas';
import { repoRoot, type ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Captcha } from '../captcha/index.ts';
import { mails } from '../db/schema.ts';
import { mailboxPage } from '../mail/mailboxPage.ts';

export interface SitePluginOptions {
  config: ServerConfig;
  db: Db;
  captcha: Captcha;
  /** Whether the embedded SMTP sink runs (then the dev mailbox is served). */
  mailbox: boolean;
}

/** Build id of the served web app: a build-id file, else a hash of its index.html. */
export function readBuildId(webDist: string): string {
  const idFile = join(webDist, 'build-id.txt');
  if (existsSync(idFile)) return readFileSync(idFile, 'utf8').trim();
  const index = join(webDist, 'index.html');
  if (existsSync(index)) return createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 16);
  return 'dev';
}

/** Contract addresses the web app uses, from contracts/deployments/<chainId>.json when it exists. */
export function deployedContracts(chainId: number): WebWalletConfig['contracts'] {
  const file = join(repoRoot, `contracts/deployments/${chainId}.json`);
  if (!existsSync(file)) return {};
  try {
    const a =
      (JSON.parse(readFileSync(file, 'utf8')) as { addresses?: Record<string, string> }).addresses ?? {};
    const out: WebWalletConfig['contracts'] = {};
    if (a.multipleDeposit) out.multipleDeposit = a.multipleDeposit;
    return out;
  } catch {
    return {};
  }
}

export function webConfigOf(
  config: ServerConfig,
  buildId: string,
  contracts: WebWalletConfig['contracts'],
): WebConfig & WebWalletConfig {
  return {
    contracts,
    frontendTag: config.frontendTag,
    infuraApiKey: '',
    testnetOnly: config.testnetOnly,
    devWS: '',
    devRPC: config.chainId === DEV_CHAIN_ID ? config.publicRpcUrl : '',
    chainId: config.chainId,
    account: '',
    storeRefreshInterval: 120,
    chains: {
      [String(config.chainId)]: { rpcUrl: config.publicRpcUrl, wsUrl: config.wsUrl, apiBasename: '' },
    },
    beaconUrl: config.publicBeaconUrl,
    buildId,
    prdAllowKycOnly: config.prdAllowKycOnly,
    captcha: {
      provider: config.captchaProvider,
      siteKey: config.captchaProvider === 'recaptcha' ? config.recaptchaSiteKey : '',
    },
    ...(config.mode === 'embedded'
      ? {
          dev: {
            faucetUrl: config.devFaucetUrl,
            timeUrl: config.devTimeUrl,
            mailboxUrl: `${config.publicUrl}/dev/mailbox`,
          },
        }
      : {}),
  };
}

export const sitePlugin: FastifyPluginAsync<SitePluginOptions> = async (fastify, o) => {
  const hasDist = existsSync(join(o.config.webDist, 'index.html'));
  // Read once, like the staking plugin's KycManager address: `npm start` deploys before it starts
  // the server, so the file does not change under a running server.
  const contracts = deployedContracts(o.config.chainId);
  let buildId = readBuildId(o.config.webDist);
  let buildStamp = 0;
  const currentBuildId = () => {
    // A rebuilt web app is noticed without a restart (the new-version alert relies on it).
    const index = join(o.config.webDist, 'index.html');
    const stamp = existsSync(index) ? statSync(index).mtimeMs : 0;
    if (stamp !== buildStamp) {
      buildStamp = stamp;
      buildId = readBuildId(o.config.webDist);
    }
    return buildId;
  };

  fastify.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return webConfigOf(o.config, currentBuildId(), contracts);
  });
  // The lending protocol's deployment (addresses, start block, bootstrap period) for the web app's
  // @payd/protocol connection; public information, read from the same file as `contracts`.
  const deploymentFile = join(repoRoot, `contracts/deployments/${o.config.chainId}.json`);
  fastify.get('/deployment.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!existsSync(deploymentFile))
      return reply.code(404).send({ message: 'No deployment on this network' });
    return JSON.parse(readFileSync(deploymentFile, 'utf8')) as unknown;
  });
  fastify.get('/version.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { buildId: currentBuildId() };
  });
  fastify.get('/altcha/challenge', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!o.captcha.challenge) return reply.code(404).send({ error: 'not_found' });
    return o.captcha.challenge();
  });

  if (o.mailbox) {
    const list = async (to: string | undefined) =>
      o.db
        .select()
        .from(mails)
        .where(to ? eq(mails.mailTo, to.toLowerCase()) : undefined)
        .orderBy(desc(mails.id))
        .limit(200);
    fastify.get<{ Querystring: { to?: string } }>('/dev/mailbox.json', async (req) =>
      (await list(req.query.to)).map((m) => ({
        id: m.id,
        from: m.mailFrom,
        to: m.mailTo,
        subject: m.subject,
        text: m.textBody,
        receivedAt: m.receivedAt.toISOString(),
      })),
    );
    fastify.get<{ Querystring: { to?: string } }>('/dev/mailbox', async (req, reply) =>
      reply.type('text/html; charset=utf-8').send(mailboxPage(await list(req.query.to))),
    );
  }

  if (hasDist) {
    await fastify.register(fastifyStatic, { root: o.config.webDist, wildcard: false, index: false });
  }
  const indexFile = join(o.config.webDist, 'index.html');
  fastify.get('/*', async (req, reply) => {
    if (req.url.startsWith('/webservices/'))
      return reply.code(404).send({ d: { status: 'failed', error: 'not_found', message: 'Not found' } });
    if (hasDist) {
      const rel = decodeURIComponent(req.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      const file = join(o.config.webDist, rel);
      if (rel && file.startsWith(o.config.webDist) && existsSync(file) && statSync(file).isFile())
        return reply.sendFile(rel);
      if (existsSync(indexFile)) return reply.header('cache-control', 'no-store').sendFile('index.html');
    }
    return reply
      .code(404)
      .type('text/plain')
      .send('The payd web app is not built. Run `npm run build -w web`, or use `npm start`.');
  });
};
