import { describe, expect, it } from 'vitest';
import { BEACON_VALIDATOR_STATUSES } from './beaconClient.ts';
import { statusCodeOf } from './validatorStatus.ts';

describe('validator status codes', () => {
  it('gives every beacon status one of the codes the dashboard shows', () => {
    for (const status of BEACON_VALIDATOR_STATUSES)
      expect(['1', '2', '3', '4', '6', '7']).toContain(statusCodeOf(status));
  });

  it('keeps a validator counted as staked (1, 2, 3, 4, 7) until its ETH is withdrawn (6)', () => {
    const lifecycle = [
      'pending_initialized',
      'pending_queued',
      'active_ongoing',
      'active_exiting',
      'exited_unslashed',
      'withdrawal_possible',
      'withdrawal_done',
    ] as const;
    expect(lifecycle.map(statusCodeOf)).toEqual(['1', '2', '3', '4', '7', '7', '6']);
    expect(statusCodeOf('active_slashed')).toBe('4');
    expect(statusCodeOf('exited_slashed')).toBe('7');
  });
});
