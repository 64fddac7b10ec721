import { describe, expect, it } from 'vitest';
import { passkeyDates } from './passkeyDates.ts';

describe('passkeyDates', () => {
  it('says when the passkey was added and last used, or that it never was', () => {
    expect(passkeyDates({ createdAt: '2026-11-24T22:20:00.000Z', lastUsedAt: null }, 'UTC')).toBe(
      'Added 24 Nov 2026, 22:20 · Not used yet',
    );
    expect(
      passkeyDates({ createdAt: '2026-11-24T22:20:00.000Z', lastUsedAt: '2026-11-25T08:03:00.000Z' }, 'UTC'),
    ).toBe('Added 24 Nov 2026, 22:20 · Last used 25 Nov 2026, 08:03');
  });
});
