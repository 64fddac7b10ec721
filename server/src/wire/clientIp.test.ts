// The client IP that per-IP limits and the restricted-country check use (issue 15 item 5): by
// default no forwarding header is believed; TRUST_PROXY=<hops> or <proxy CIDRs> believes only the
// hops the configured proxies added (the rightmost), never the client's own leftmost entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FeaturePlugin } from '../featureDeps.ts';
import { defineMethod, registerMethods } from './method.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';

/** A method that answers the IP the server took for the client. */
const whoAmI: FeaturePlugin = async (fastify, deps) => {
  registerMethods(
    fastify,
    [
      defineMethod({
        service: 'Probe',
        method: 'ClientIp',
        body: z.object({}).loose(),
        auth: 'public',
        handler: async (_b, ctx) => ctx.ip,
      }),
    ],
    deps.methods,
  );
};

const KP = '175.45.176.1';
const US = '8.8.8.8';

async function signUpStatuses(t: TestApp, ip: string, forged: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const r = await t.call('SignUp', 'SignUp', {}, { ip, headers: { 'x-forwarded-for': forged(i) } });
    statuses.push(r.status);
  }
  return statuses;
}

describe.each(testDatabaseKinds)('client IP on %s', (kind) => {
  describe('default configuration', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {}, { features: [whoAmI] });
    });
    afterAll(() => t.close());

    it('ignores a forged X-Forwarded-For for the client IP and the country', async () => {
      const ip = await t.call('Probe', 'ClientIp', {}, { ip: US, headers: { 'x-forwarded-for': KP } });
      expect(ip.d.data).toBe(US);
      const country = await t.call(
        'SignUp',
        'CheckCountry',
        {},
        { ip: US, headers: { 'x-forwarded-for': KP } },
      );
      expect(country.d).toMatchObject({ status: 'success', data: false, supportingData: { country: 'US' } });
      const hidden = await t.call(
        'SignUp',
        'CheckCountry',
        {},
        { ip: KP, headers: { 'x-forwarded-for': US } },
      );
      expect(hidden.d).toMatchObject({ data: true, supportingData: { country: 'KP' } });
    });

    it('counts a per-IP limit on the socket address whatever X-Forwarded-For says', async () => {
      // SignUp allows 10 a minute per IP; a new forged address on every request changes nothing.
      const statuses = await signUpStatuses(t, '10.31.0.1', (i) => `198.51.100.${i}`);
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('TRUST_PROXY=1 (one load balancer in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { TRUST_PROXY: '1' }, { features: [whoAmI] });
    });
    afterAll(() => t.close());

    it('takes the address the proxy added (rightmost), not the client-supplied leftmost', async () => {
      const r = await t.call(
        'Probe',
        'ClientIp',
        {},
        { ip: '10.0.0.5', headers: { 'x-forwarded-for': `${KP}, ${US}` } },
      );
      expect(r.d.data).toBe(US);
      const country = await t.call(
        'SignUp',
        'CheckCountry',
        {},
        { ip: '10.0.0.5', headers: { 'x-forwarded-for': `${KP}, ${US}` } },
      );
      expect(country.d).toMatchObject({ data: false, supportingData: { country: 'US' } });
    });

    it('counts a per-IP limit on that address whatever the client prepends', async () => {
      const statuses = await signUpStatuses(t, '10.0.0.5', (i) => `198.51.100.${i}, 203.0.113.77`);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('TRUST_PROXY=10.0.0.0/8 (the proxies by address)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { TRUST_PROXY: '10.0.0.0/8' }, { features: [whoAmI] });
    });
    afterAll(() => t.close());

    it('believes X-Forwarded-For only from a listed proxy, and only past the listed hops', async () => {
      const via = await t.call(
        'Probe',
        'ClientIp',
        {},
        { ip: '10.0.0.5', headers: { 'x-forwarded-for': `${KP}, ${US}` } },
      );
      expect(via.d.data).toBe(US);
      const direct = await t.call(
        'Probe',
        'ClientIp',
        {},
        { ip: '203.0.113.9', headers: { 'x-forwarded-for': KP } },
      );
      expect(direct.d.data).toBe('203.0.113.9');
    });
  });
});
