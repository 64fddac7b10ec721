// Server configuration from environment variables (the README's table). Embedded mode is the
// default: PGlite under .data/, an SMTP sink inside the server, generated secrets kept in
// .data/secrets.json. Production mode starts when DATABASE_URL is set.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { RECENT_SIGN_IN_MS } from '@payd/schemas';

export interface ServerConfig {
  mode: 'embedded' | 'production';
  port: number;
  host: string;
  /** Origin users reach the app at: WebAuthn rp id/origin, SIWE domain, e-mail links. */
  publicUrl: string;
  /** Further browser origins allowed for passkeys and SIWE (e.g. a Vite dev server). */
  allowedOrigins: string[];
  databaseUrl?: string;
  pgliteDir?: string;
  smtpUrl?: string;
  smtpSinkPort: number;
  mailFrom: string;
  webDist: string;
  chainId: number;
  rpcUrl: string;
  publicRpcUrl: string;
  wsUrl: string;
  devFaucetUrl: string;
  devTimeUrl: string;
  tokenSecret: string;
  dataKey: string;
  restrictedCountries: string[];
  /** Which forwarding hops are believed for the client IP (Fastify's trustProxy): false (none,
   * the socket's peer is the client), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  captchaProvider: 'altcha' | 'recaptcha';
  recaptchaSecret: string;
  recaptchaSiteKey: string;
  prdAllowKycOnly: boolean;
  testnetOnly: boolean;
  frontendTag: string;
  /** Multiplies every per-IP rate limit (benchmarks raise it; 1 in normal use). */
  rateLimitFactor: number;
  /** PAYD_CHECK_REPLIES=1: every reply is checked against its method's contract (server tests);
   * a reply the contract does not describe answers 500. */
  checkReplies: boolean;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** PBKDF2 iterations of the login bot challenge. */
  loginChallengeCount: number;
  /**
   * How recent a proven sign-in must be for the recovery words, keystores and passkey changes:
   * RECENT_SIGN_IN_MS (5 minutes). The embedded dev stack may shorten it with
   * PAYD_DEV_RECENT_SIGN_IN_SECONDS so that browser journeys need not wait 5 minutes of real time;
   * production refuses the setting.
   */
  recentSignInMs: number;
  /** Standard Beacon API node (BEACON_URL); '' when none is configured. */
  beaconUrl: string;
  /**
   * Beacon API URL the browser may link to (PUBLIC_BEACON_URL; on chain 88 BEACON_URL, the dev beacon
   * node, since chain 88 has no public explorer); '' when none.
   */
  publicBeaconUrl: string;
  /** Key of the on-chain server admin (SERVER_ADMIN_KEY); '' for chain 88's Hardhat account #1. */
  serverAdminKey: string;
  /** KycManager address (KYC_MANAGER_ADDRESS); '' to read it from contracts/deployments/<chainId>.json. */
  kycManagerAddress: string;
  /** Company team mailbox for business-account and liquidity requests (COMPANY_TEAM_EMAIL). */
  companyTeamEmail: string;
  /** Support mailbox for liveness issues (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Which card provider pays (cardSettings below). */
  card: CardSettings;
}

/** Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
}

export type CardSettings =
  ({ kind: 'stripe' } & StripeSettings) | { kind: 'local' } | { kind: 'none'; message: string };

export const NO_CARD_PROVIDER_MESSAGE = 'No card payment provider is configured.';

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

/**
 * Which card provider pays (README 'Card payments'): the three STRIPE_* keys together pick Stripe;
 * with none of them the embedded mode uses the local test provider and the production mode has no
 * card payments (the /stripeCheckout page shows the spec's 'Credit card payment is temporarily
 * unavailable...'). Some but not all of them is a configuration error: the server refuses to start
 * rather than take cards it cannot book.
 */
export function cardSettings(env: NodeJS.ProcessEnv, mode: ServerConfig['mode']): CardSettings {
  const set = STRIPE_KEYS.filter((k) => (env[k] ?? '').trim() !== '');
  if (set.length === STRIPE_KEYS.length)
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!.trim(),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!.trim(),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!.trim(),
    };
  if (set.length > 0)
    throw new Error(
      `Card payments: ${STRIPE_KEYS.filter((k) => !set.includes(k)).join(', ')} must be set with ${set.join(', ')}`,
    );
  return mode === 'embedded' ? { kind: 'local' } : { kind: 'none', message: NO_CARD_PROVIDER_MESSAGE };
}

/** false: no forwarding header is believed; a number: that many proxies in front (the client
 * is the address that many hops from the right of X-Forwarded-For, counting the socket); a list:
 * only hops from these addresses or CIDRs (or proxy-addr's 'loopback', 'linklocal', 'uniquelocal'). */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false/0 → trust no forwarding header; a hop count; or a comma list of the
 * proxies' addresses/CIDRs. `true` (trust every hop, so the client's own leftmost entry wins) is
 * refused. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim();
  if (v === '' || ['false', 'no', 'off', '0'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (!Number.isSafeInteger(hops) || hops > 100)
      throw new Error(`TRUST_PROXY hop count ${v} is not plausible`);
    return hops;
  }
  if (['true', 'yes', 'on'].includes(v.toLowerCase()))
    throw new Error(
      'TRUST_PROXY=true would believe every X-Forwarded-For entry, so a client could name its own IP: ' +
        'set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !proxyEntry(e));
  if (bad.length)
    throw new Error(
      `TRUST_PROXY: ${bad.join(', ')} is not a hop count, an IP address or a CIDR (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,127.0.0.1)`,
    );
  return entries;
}

/** Fastify's trustProxy for a TrustProxy. A hop count becomes a function: Fastify 5 takes a bare
 * number as 'trust nothing' (a direct client could forge hops), so TRUST_PROXY=<n> is for servers
 * reachable only through their n proxies; list the proxies' addresses otherwise. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}

export const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), '../..');

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** Secrets of the embedded mode, generated once and kept under .data/. */
function embeddedSecrets(dataDir: string): { tokenSecret: string; dataKey: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { tokenSecret: string; dataKey: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    tokenSecret: randomBytes(32).toString('base64url'),
    dataKey: randomBytes(32).toString('hex'),
  };
  // Written whole or not at all: a kill during the first start must not leave a torn file that
  // every later start refuses (and the secrets of accounts made meanwhile with it).
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(secrets, null, 2), { mode: 0o600, flush: true });
  renameSync(partial, file);
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = Boolean(env.DATABASE_URL);
  const port = env.PORT !== undefined && env.PORT !== '' ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0) throw new Error('PORT must be a port number');
  // The embedded mode's data directory (the devnet supervisor passes its own).
  const dataDir = env.PAYD_DATA_DIR || join(repoRoot, '.data');
  let tokenSecret = env.TOKEN_SECRET ?? '';
  let dataKey = env.DATA_KEY ?? '';
  if (production) {
    if (tokenSecret.length < 32)
      throw new Error('TOKEN_SECRET (at least 32 characters) is required with DATABASE_URL');
    if (!dataKey) throw new Error('DATA_KEY is required with DATABASE_URL');
    // The embedded SMTP sink shows every mail (codes included) on a public page: never in production.
    if (!env.SMTP_URL) throw new Error('SMTP_URL is required with DATABASE_URL');
  } else if (!tokenSecret || !dataKey) {
    const s = embeddedSecrets(dataDir);
    tokenSecret ||= s.tokenSecret;
    dataKey ||= s.dataKey;
  }
  const devRecentSignIn = env.PAYD_DEV_RECENT_SIGN_IN_SECONDS;
  if (devRecentSignIn && production)
    throw new Error(
      'PAYD_DEV_RECENT_SIGN_IN_SECONDS is for the embedded dev stack only, not with DATABASE_URL',
    );
  if (devRecentSignIn && !(Number(devRecentSignIn) >= 10))
    throw new Error('PAYD_DEV_RECENT_SIGN_IN_SECONDS must be a number of seconds, at least 10');
  const rpcUrl = env.RPC_URL || 'http://127.0.0.1:8545';
  const publicRpcUrl = env.PUBLIC_RPC_URL || rpcUrl;
  const rpcOrigin = new URL(publicRpcUrl).origin;
  const captchaProvider = env.CAPTCHA_PROVIDER === 'recaptcha' ? 'recaptcha' : 'altcha';
  if (captchaProvider === 'recaptcha' && !env.RECAPTCHA_SECRET)
    throw new Error('RECAPTCHA_SECRET is required with CAPTCHA_PROVIDER=recaptcha');
  const mode = production ? 'production' : 'embedded';
  return {
    mode,
    card: cardSettings(env, mode),
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || join(dataDir, 'db'),
    smtpUrl: env.SMTP_URL || undefined,
    smtpSinkPort:
      env.SMTP_SINK_PORT !== undefined && env.SMTP_SINK_PORT !== '' ? Number(env.SMTP_SINK_PORT) : 2525,
    mailFrom: env.MAIL_FROM || 'payd <no-reply@payd.local>',
    webDist: env.WEB_DIST || join(repoRoot, 'web/dist'),
    chainId: Number(env.CHAIN_ID || 88),
    rpcUrl,
    publicRpcUrl,
    wsUrl: env.WS_URL || '',
    devFaucetUrl: env.DEV_FAUCET_URL || `${rpcOrigin}/faucet`,
    devTimeUrl: env.DEV_TIME_URL || `${rpcOrigin}/dev/time`,
    tokenSecret,
    dataKey,
    restrictedCountries: (env.RESTRICTED_COUNTRIES ?? 'KP,IR,CU,SY')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    captchaProvider,
    recaptchaSecret: env.RECAPTCHA_SECRET ?? '',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? '',
    prdAllowKycOnly: bool(env.PRD_ALLOW_KYC_ONLY, false),
    testnetOnly: bool(env.TESTNET_ONLY, false),
    beaconUrl: env.BEACON_URL || '',
    publicBeaconUrl: (
      env.PUBLIC_BEACON_URL || (Number(env.CHAIN_ID || 88) === 88 ? env.BEACON_URL || '' : '')
    ).replace(/\/$/, ''),
    serverAdminKey: env.SERVER_ADMIN_KEY || '',
    kycManagerAddress: env.KYC_MANAGER_ADDRESS || '',
    companyTeamEmail: env.COMPANY_TEAM_EMAIL || 'team@payd.local',
    supportEmail: env.SUPPORT_EMAIL || 'support@payd.local',
    frontendTag: env.FRONTEND_TAG || '0x0000000000000000000000000000000000000000',
    rateLimitFactor: Number(env.RATE_LIMIT_FACTOR || 1),
    checkReplies: env.PAYD_CHECK_REPLIES === '1',
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL || 900),
    loginChallengeCount: Number(env.LOGIN_CHALLENGE_COUNT || 20000),
    recentSignInMs: devRecentSignIn ? Number(devRecentSignIn) * 1000 : RECENT_SIGN_IN_MS,
  };
}
