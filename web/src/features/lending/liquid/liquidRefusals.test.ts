import { beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '../pool/refusals.ts';
import { explainRefusal, LiquidRefusalError } from './liquidRefusals.ts';

const reverted = (errorName: string, args: readonly unknown[] = []) => ({
  shortMessage: 'Execution reverted.',
  cause: { data: { errorName, args } },
});

describe('explainRefusal', () => {
  // The refusal decoder loads on the first failure; loaded here first, its time is not the test's.
  beforeAll(() => import('@payd/protocol/poolErrors'), 60_000);
  it("shows the pool's words through the lending write flow", async () => {
    const refused = await explainRefusal(() =>
      Promise.reject(reverted('NotEnoughAvailableValidators', [3n, 2n])),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LiquidRefusalError);
    expect(refusalText(refused)).toBe('Only 2 validators are available');
    const queued = await explainRefusal(() => Promise.reject(reverted('AlreadyQueued', [1n]))).catch(
      (e: unknown) => e,
    );
    expect(refusalText(queued)).toBe('You already have FETH in the swap queue; cancel it first');
  });
  it('lets a rejection in the wallet and a result pass unchanged', async () => {
    const rejected = new Error('User rejected the request.');
    await expect(explainRefusal(() => Promise.reject(rejected))).rejects.toBe(rejected);
    expect(refusalText(rejected)).toBeUndefined();
    await expect(explainRefusal(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
