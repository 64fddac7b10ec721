// Dates of requests sent now (process_withdrawal_request, process_consolidation_request of consensus-specs
// electra beacon-chain.md), worked out by hand. Head at epoch 100: compute_activation_exit_epoch = 105.
import { describe, expect, it } from 'vitest';
import { ETH, queueSnapshot } from '../testing/queueSnapshot.ts';
import { epochStartTime } from './config.ts';
import { processConsolidationRequestDates, processWithdrawalRequestDates } from './requestDates.ts';

describe('processWithdrawalRequestDates', () => {
  it('queues a full exit behind the exit queue, then the delay, then the sweep', () => {
    const s = queueSnapshot(1000); // 128 ETH of exit churn
    s.nextWithdrawalValidatorIndex = 0;
    [0, 1, 2, 3].forEach((i) =>
      Object.assign(s.validators[i]!, { exitEpoch: 105n, withdrawableEpoch: 361n }),
    );
    // Epoch 105 is full: validator 9's 32 ETH goes in 106, withdrawable 362; nobody else is swept, so
    // each payload's sweep passes everyone: the first payload of 362.
    const d = processWithdrawalRequestDates(s, 9, null);
    expect(d).toMatchObject({ exitEpoch: 106n, withdrawableEpoch: 362n, epoch: 362n });
    expect(d.at).toEqual(epochStartTime(362n, s.config));
  });

  it('dates a partial withdrawal by its amount in the exit churn', () => {
    const s = queueSnapshot(1000);
    // 300 ETH: (300 - 128 - 1) // 128 + 1 = 2 epochs after 105.
    expect(processWithdrawalRequestDates(s, 5, 300n * ETH)).toMatchObject({
      exitEpoch: 107n,
      withdrawableEpoch: 363n,
      epoch: 363n,
    });
  });
});

describe('processConsolidationRequestDates', () => {
  it('uses the consolidation churn, and none when it is too small', () => {
    const s = queueSnapshot(1000);
    expect(processConsolidationRequestDates(s, 3)).toBeNull();
    s.validators[0]!.effectiveBalance = 34_000_000n * ETH; // 262 ETH of consolidation churn
    expect(processConsolidationRequestDates(s, 3)).toMatchObject({
      exitEpoch: 105n,
      withdrawableEpoch: 361n,
      epoch: 361n,
    });
  });
});
