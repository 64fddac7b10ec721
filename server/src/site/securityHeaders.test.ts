// Security headers as a browser receives them: on the web app's page, on an API reply, on a static
// asset and on a 404; HSTS only when the public origin is https; the policy names what the web app
// connects to.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.ts';
import { cspDirectives, cspHeader } from './securityHeaders.ts';

const dist = mkdtempSync(join(tmpdir(), 'payd-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("payd")\n');

/** The directives of a Content-Security-Policy header as a map. */
function directives(header: string | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTypeOf('string');
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await startTestApp('pglite', {
      WEB_DIST: dist,
      PUBLIC_URL: 'http://localhost:8080',
      RPC_URL: 'http://127.0.0.1:8545',
      PUBLIC_RPC_URL: 'http://localhost:8545',
    });
    https = await startTestApp('pglite', {
      WEB_DIST: dist,
      PUBLIC_URL: 'https://payd.example',
      RPC_URL: 'http://10.0.0.5:8545',
      PUBLIC_RPC_URL: 'https://rpc.payd.example/v1',
    });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('sends the policy, nosniff, the referrer policy and no framing on the page, the API, assets and errors', async () => {
    const page = await get(http, '/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await http.app.inject({
      method: 'POST',
      url: '/webservices/authWs.asmx/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(api.statusCode).toBe(400);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    const asset = await get(http, '/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const missing = await get(http, '/webservices/NoSuchWs.asmx/Nothing');
    expect(missing.statusCode).toBe(404);
    const config = await get(http, '/config.json');

    for (const res of [page, api, asset, missing, config]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe(cspHeader(http.config));
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }

    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Own scripts only: no inline script, no eval; WebAssembly (TF.js on /liveness) may compile.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    // The API, the chain RPC the wallet uses, and (embedded mode) the dev faucet and clock.
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:8080', 'http://localhost:8545']);
    expect(http.config.devFaucetUrl).toBe('http://localhost:8545/faucet');
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS only when PUBLIC_URL is https, and connects to the public RPC', async () => {
    const page = await get(https, '/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await https.app.inject({
      method: 'POST',
      url: '/webservices/authWs.asmx/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(page.headers['content-security-policy'] as string);
    // Not the internal RPC_URL the server itself uses.
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://payd.example', 'https://rpc.payd.example']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('Stripe in the policy', () => {
  const base = {
    mode: 'production' as const,
    publicUrl: 'https://payd.example',
    publicRpcUrl: 'https://rpc.payd.example',
    devFaucetUrl: '',
    devTimeUrl: '',
    captchaProvider: 'altcha' as const,
  };
  it('allows Stripe.js, its frames and its API only when Stripe is the card provider', () => {
    const without = cspDirectives({ ...base, stripe: false });
    expect(JSON.stringify(without)).not.toContain('stripe.com');
    expect(without['frame-src']).toEqual(["'none'"]);
    const withStripe = cspDirectives({ ...base, stripe: true });
    expect(withStripe['script-src']).toContain('https://js.stripe.com');
    expect(withStripe['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(withStripe['connect-src']).toContain('https://api.stripe.com');
  });
  it("lets the lending pages follow blocks on the chain's websocket (WS_URL)", () => {
    expect(
      cspDirectives({ ...base, stripe: false, wsUrl: 'wss://ws.payd.example/rpc' })['connect-src'],
    ).toContain('wss://ws.payd.example');
    expect(cspDirectives({ ...base, stripe: false })['connect-src']).not.toContain('wss://ws.payd.example');
  });
});
