import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../api/fakeApi.ts';
import { waitForBooking } from './cardApi.ts';

/** An API whose GetStatus answers `statuses` in turn (the last one from then on). */
function api(statuses: string[]) {
  const calls: unknown[] = [];
  let i = 0;
  const client = fakeApi((service, method, body) => {
    calls.push({ service, method, body });
    const status = statuses[Math.min(i++, statuses.length - 1)];
    return { status: 'success', data: { id: 7, status, credits: '10.00', amount: '10.00' } };
  });
  return { api: client, calls };
}

const noSleep = async () => {};

describe('waitForBooking', () => {
  it('polls GetStatus of the payment until the webhook has booked it', async () => {
    const a = api(['P', 'P', 'S']);
    expect(await waitForBooking(a.api, 7, { sleep: noSleep })).toBe('S');
    expect(a.calls).toEqual(Array(3).fill({ service: 'Payment', method: 'GetStatus', body: { id: 7 } }));
  });
  it('reports a failed payment, and a pending one when the tries run out', async () => {
    expect(await waitForBooking(api(['F']).api, 7, { sleep: noSleep })).toBe('F');
    expect(await waitForBooking(api(['P']).api, 7, { sleep: noSleep, tries: 3 })).toBe('P');
  });
});
