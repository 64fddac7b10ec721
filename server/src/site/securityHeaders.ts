// Security headers on every reply (the web app, the API, static files, errors), from @fastify/helmet:
// a Content-Security-Policy the web app works under, nosniff, a referrer policy, no framing, and
// HSTS when the public origin is https.
//
// What the web app needs, and so what the policy allows:
// - scripts: its own bundle only ('self', no inline script, no eval). 'wasm-unsafe-eval' lets
//   @vladmandic/human compile TF.js's WebAssembly backend (served by payd at /human-models/) on
//   /liveness; it allows WebAssembly compilation, not JavaScript eval.
// - workers: the ALTCHA widget solves its proof of work in a worker made from a blob: URL.
// - connections: the API itself, the chain's RPC for browsers (PUBLIC_RPC_URL) that the wallet
//   reads through, and in the embedded mode the dev faucet and dev clock of the dev wallet.
//   Injected wallets (MetaMask...) talk to their extension, not over the page's network.
// - styles: Mantine sets style attributes and adds <style> elements at run time: 'unsafe-inline'.
// - images: its own, data: (document and selfie previews) and blob: (camera captures).
// - reCAPTCHA (CAPTCHA_PROVIDER=recaptcha only): Google's script and its frame.
// - Stripe (only when Stripe is the card provider, README 'Card payments'): Stripe.js and its
//   frames from js.stripe.com, 3-D Secure from hooks.stripe.com, its API at api.stripe.com.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { ServerConfig } from '../config.ts';

type PolicyConfig = Pick<
  ServerConfig,
  'mode' | 'publicUrl' | 'publicRpcUrl' | 'devFaucetUrl' | 'devTimeUrl' | 'captchaProvider'
> & {
  /** The chain's websocket the lending pages' protocol store follows blocks on (WS_URL). */
  wsUrl?: string;
  /** Which card provider pays (config.ts). */
  card?: ServerConfig['card'];
  /** Stripe is the card provider (default: config.card says so). */
  stripe?: boolean;
};

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ws:' || u.protocol === 'wss:'
      ? u.origin
      : null;
  } catch {
    return null;
  }
};

const unique = (list: (string | null)[]) => [...new Set(list.filter((s): s is string => Boolean(s)))];

/** Whether the public origin is https (then HSTS is sent). */
export const isHttps = (config: Pick<ServerConfig, 'publicUrl'>) => /^https:/i.test(config.publicUrl);

/** The Content-Security-Policy directives for `config`. */
export function cspDirectives(config: PolicyConfig): Record<string, string[]> {
  const recaptcha = config.captchaProvider === 'recaptcha';
  const stripe = config.stripe ?? config.card?.kind === 'stripe';
  const frames = [
    ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : []),
    ...(stripe ? [...STRIPE_JS, 'https://hooks.stripe.com'] : []),
  ];
  const connect = unique([
    "'self'",
    originOf(config.publicUrl),
    originOf(config.publicRpcUrl),
    originOf(config.wsUrl ?? ''),
    ...(config.mode === 'embedded' ? [originOf(config.devFaucetUrl), originOf(config.devTimeUrl)] : []),
    ...(stripe ? ['https://api.stripe.com'] : []),
  ]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      "'wasm-unsafe-eval'",
      ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : []),
      ...(stripe ? STRIPE_JS : []),
    ],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': connect,
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'frame-src': frames.length ? frames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The Content-Security-Policy header value for `config` (as helmet writes it). */
export function cspHeader(config: PolicyConfig): string {
  return Object.entries(cspDirectives(config))
    .map(([k, v]) => [k, ...v].join(' '))
    .join(';');
}

/** Registers the headers on `app` (every route, registered before or after). */
export async function registerSecurityHeaders(app: FastifyInstance, config: PolicyConfig): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // The CSP's frame-ancestors says the same to current browsers; this is for older ones.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Pages and resources are same-origin; cross-origin embedding is not needed.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
  });
}
