// Per-IP limits counted in the database's rate_limit table (the store every instance shares).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FeaturePlugin } from '../featureDeps.ts';
import { defineMethod, registerMethods } from './method.ts';
import { purgeExpired } from '../auth/purge.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';

const limited =
  (method: string): FeaturePlugin =>
  async (fastify, deps) => {
    registerMethods(
      fastify,
      [
        defineMethod({
          service: 'Probe',
          method,
          body: z.object({}).loose(),
          auth: 'public',
          rateLimit: { max: 3, timeWindow: 60_000 },
          handler: async () => 'ok',
        }),
      ],
      deps.methods,
    );
  };

describe.each(testDatabaseKinds)('per-IP limit store on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { features: [limited('A'), limited('B')] });
  });
  afterAll(() => t.close());

  const statuses = async (method: string, n: number, ip: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await t.call('Probe', method, {}, { ip })).status);
    return out;
  };

  it('counts each route and address in the database, a fresh window once one has passed', async () => {
    expect(await statuses('A', 4, '10.40.0.1')).toEqual([200, 200, 200, 429]);
    // Another route and another address have their own counts.
    expect(await statuses('B', 3, '10.40.0.1')).toEqual([200, 200, 200]);
    expect(await statuses('A', 1, '10.40.0.2')).toEqual([200]);
    const stored = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit WHERE key LIKE '%10.40.0.1'`,
    );
    expect(stored[0]!.n).toBe(2);
    t.clock.advance(60_000);
    expect(await statuses('A', 4, '10.40.0.1')).toEqual([200, 200, 200, 429]);
  });

  it('tells the client when the window ends', async () => {
    await statuses('A', 3, '10.41.0.1');
    t.clock.advance(20_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webservices/ProbeWs.asmx/A',
      remoteAddress: '10.41.0.1',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('40');
  });

  it('purges windows that have passed', async () => {
    await statuses('B', 1, '10.42.0.1');
    t.clock.advance(61_000);
    await statuses('B', 1, '10.42.0.2');
    await purgeExpired(t.database.db, t.clock.now());
    const left = await t.database.query<{ key: string }>(
      `SELECT key FROM rate_limit WHERE key LIKE '%10.42.0.%'`,
    );
    expect(left.map((r) => r.key.split('|').at(-1))).toEqual(['10.42.0.2']);
  });
});
