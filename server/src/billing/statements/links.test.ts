import { describe, expect, it } from 'vitest';
import { LINK_TTL_MS, StatementLinks } from './links.ts';

const links = new StatementLinks('secret-a');
const claims = { ids: [7], usrId: 3, sessionId: 's1', zip: false };
const now = new Date('2026-12-01T10:00:00Z');

describe('statement links', () => {
  it('reads back what it signed until it expires', () => {
    const token = links.sign(claims, now);
    const r = links.verify(token, new Date(now.getTime() + LINK_TTL_MS - 1));
    expect(r).toEqual({ ok: true, claims: { ...claims, exp: now.getTime() + LINK_TTL_MS } });
    expect(links.verify(token, new Date(now.getTime() + LINK_TTL_MS))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a token whose claims were changed or that another key signed', () => {
    const [body, mac] = links.sign(claims, now).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), usrId: 4 }),
    ).toString('base64url');
    expect(links.verify(`${forged}.${mac}`, now).ok).toBe(false);
    expect(new StatementLinks('secret-b').verify(`${body}.${mac}`, now).ok).toBe(false);
    expect(links.verify('garbage', now).ok).toBe(false);
  });
});
