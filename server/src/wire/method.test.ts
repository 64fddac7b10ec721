import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { webConfig, versionFile, type ApiReply } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { defineMethod, registerMethods } from './method.ts';
import type { FeaturePlugin } from '../featureDeps.ts';

// A feature registered through features.ts the way later features are.
const probe: FeaturePlugin = async (fastify, deps) => {
  registerMethods(
    fastify,
    [
      defineMethod({
        service: 'Probe',
        method: 'Echo',
        body: z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/, 'Please enter an amount') }),
        auth: 'user',
        async handler(body, ctx) {
          return { amount: body.amount, scope: ctx.scope, usrId: ctx.user!.usrId };
        },
      }),
      defineMethod({
        service: 'Probe',
        method: 'LendersOnly',
        body: z.object({}),
        auth: [3],
        async handler() {
          return 'ok';
        },
      }),
      defineMethod({
        service: 'Probe',
        method: 'Crash',
        body: z.object({}),
        auth: 'public',
        async handler() {
          throw new Error('secret internals: password=hunter2');
        },
      }),
    ],
    deps.methods,
  );
};

describe.each(testDatabaseKinds)('protocol and site on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const dist = mkdtempSync(join(tmpdir(), 'payd-dist-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>payd</title><div id="root"></div>');
    writeFileSync(join(dist, 'build-id.txt'), 'build-42\n');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    t = await startTestApp(kind, { WEB_DIST: dist }, { features: [probe] });
    await signUp(t, 'proto@example.com', 'Proto#Pass123');
    token = (await logIn(t, 'proto@example.com', 'Proto#Pass123')).access_token;
  });
  afterAll(() => t.close());

  it('wraps results in d, reads the scope header, and names bad fields', async () => {
    const ok = await t.call(
      'Probe',
      'Echo',
      { amount: '12.50' },
      { token, scope: { systemId: 5, companyId: 2, projectId: 3, cultureId: 1 } },
    );
    expect(ok).toMatchObject({
      status: 200,
      d: {
        status: 'success',
        data: { amount: '12.50', scope: { systemId: 5, companyId: 2, projectId: 3, cultureId: 1 } },
      },
    });
    const bad = await t.call('Probe', 'Echo', { amount: 12.5 }, { token });
    expect(bad.status).toBe(400);
    expect(bad.d).toMatchObject({ status: 'failed', error: 'validation_failed' });
    expect(bad.d.validationErrors![0]!.field).toBe('amount');
  });

  it('refuses a NUL character anywhere in a body with its field named, before the schema', async () => {
    const inField = await t.call(
      'Probe',
      'Echo',
      { amount: '1', note: { lines: ['ok', 'a\u0000b'] } },
      { token },
    );
    expect(inField).toMatchObject({ status: 400, d: { error: 'validation_failed' } });
    expect(inField.d.validationErrors).toEqual([
      { field: 'note.lines.1', message: 'must not contain a NUL character' },
    ]);
    const inKey = await t.call('Probe', 'Echo', { amount: '1', 'x\u0000': 1 }, { token });
    expect(inKey.status).toBe(400);
    expect(inKey.d.validationErrors![0]!.field).toBe('x\\0');
  });

  it('refuses scope ids beyond a PostgreSQL integer or not whole numbers, naming the id', async () => {
    for (const scope of [
      { systemId: 2 ** 31 },
      { companyId: 0 },
      { cultureId: 1e308 },
      { projectId: 1.5 },
    ] as Record<string, number>[]) {
      const r = await t.call('Probe', 'Echo', { amount: '1' }, { token, scope });
      expect(r.status).toBe(400);
      expect(r.d.validationErrors![0]!.field).toBe(`x-payd-scope.${Object.keys(scope)[0]}`);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/webservices/ProbeWs.asmx/Echo',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-payd-scope': '{' },
      payload: JSON.stringify({ amount: '1' }),
    });
    expect(notJson.statusCode).toBe(400);
    expect((notJson.json() as ApiReply).d.validationErrors![0]!.field).toBe('x-payd-scope');
    const partial = await t.call('Probe', 'Echo', { amount: '1' }, { token, scope: { systemId: 7 } });
    expect(partial.d.data).toMatchObject({
      scope: { systemId: 7, companyId: 1, projectId: 1, cultureId: 1 },
    });
  });

  it('answers 401 without a valid token and 403 for the wrong role', async () => {
    expect(await t.call('Probe', 'Echo', { amount: '1' })).toMatchObject({
      status: 401,
      d: { error: 'access_denied' },
    });
    expect((await t.call('Probe', 'Echo', { amount: '1' }, { token: `${token}x` })).status).toBe(401);
    expect(await t.call('Probe', 'LendersOnly', {}, { token })).toMatchObject({
      status: 403,
      d: { error: 'access_denied' },
    });
  });

  it('hides internals of unexpected errors and answers unknown methods with not_found', async () => {
    const crash = await t.call('Probe', 'Crash', {});
    expect(crash).toMatchObject({ status: 500, d: { status: 'failed', error: 'server_error' } });
    expect(JSON.stringify(crash.d)).not.toContain('hunter2');
    expect(await t.call('Nope', 'Nothing', {})).toMatchObject({ status: 404, d: { error: 'not_found' } });
  });

  it('serves the web config, the build id and the SPA with a fallback to index.html', async () => {
    const config = webConfig.parse((await t.app.inject({ url: '/config.json' })).json());
    expect(config).toMatchObject({ chainId: 88, buildId: 'build-42', captcha: { provider: 'altcha' } });
    expect(config.chains['88']).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', apiBasename: '' });
    expect(config.dev).toMatchObject({ mailboxUrl: 'http://localhost:5173/dev/mailbox' });
    expect(versionFile.parse((await t.app.inject({ url: '/version.json' })).json())).toEqual({
      buildId: 'build-42',
    });
    const page = await t.app.inject({ url: '/dashboard?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect((await t.app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/../../etc/passwd' })).body).not.toContain('root:');
  });

  it('shows received mails on the dev mailbox page, newest first', async () => {
    const html = (await t.app.inject({ url: '/dev/mailbox' })).body;
    expect(html).toContain('payd dev mailbox');
    expect(html).toContain('proto@example.com');
    expect(html).toContain('your confirmation code');
  });
});
