// Time to compute every pending date (deposits, top-ups, activations, exits, partial withdrawals,
// consolidations, the sweep) of @payd/consensus/dates for 10,000 validators with a realistic queue:
// 2,000 pending deposits (new validators and top-ups of 1-2048 ETH, the last 300 not finalized), 300
// exits spread over the exit queue, 200 partial withdrawals, 50 consolidations, mainnet's values.
// Aim (issue 25): under 100 ms. Median of 20 runs after a warm-up, wall time and CPU time (the figure
// a busy shared machine disturbs least; the aim is judged on it).
import { performance } from 'node:perf_hooks';
import { computePendingDates, FAR_FUTURE_EPOCH } from '@payd/consensus/dates';
import { activeValidator, ETH, pubkeyOf, queueSnapshot, WC01, WC02 } from '@payd/consensus/testing';

const AIM_MS = 100;
const COUNT = 10_000;
const EPOCH = 400_000n;

function realisticSnapshot() {
  const s = queueSnapshot(COUNT, EPOCH);
  s.nextWithdrawalValidatorIndex = 4321;
  s.validators = s.validators.map((_, i) =>
    i % 3 === 0
      ? activeValidator(i, BigInt(32 + (i % 2017)) * ETH + 123_456_789n, WC02)
      : activeValidator(i, 32n * ETH + BigInt(i % 97) * 1_000_000n, WC01),
  );
  for (let i = 0; i < 300; i++) {
    const v = s.validators[(i * 31) % COUNT];
    v.exitEpoch = EPOCH + 5n + BigInt(i >> 2);
    v.withdrawableEpoch = v.exitEpoch + 256n;
  }
  s.pendingPartialWithdrawals = Array.from({ length: 200 }, (_, i) => ({
    validatorIndex: i * 3 + 1,
    amount: BigInt(1 + (i % 20)) * ETH,
    withdrawableEpoch: EPOCH + 80n + BigInt(i >> 1),
  }));
  s.pendingConsolidations = Array.from({ length: 50 }, (_, i) => {
    const source = s.validators[i * 7 + 2];
    source.exitEpoch = EPOCH + 5n + BigInt(i);
    source.withdrawableEpoch = source.exitEpoch + 256n;
    return { sourceIndex: i * 7 + 2, targetIndex: i * 3 };
  });
  s.pendingDeposits = Array.from({ length: 2000 }, (_, i) => ({
    pubkey: i % 4 === 0 ? pubkeyOf((i * 13) % COUNT) : pubkeyOf(COUNT + i),
    withdrawalCredentials: i % 2 ? WC02 : WC01,
    amount: (i % 4 === 0 ? BigInt(1 + (i % 50)) : 32n + BigInt(i % 200)) * ETH,
    slot: i >= 1700 ? s.headSlot - BigInt(2000 - i) : s.headSlot - 3000n,
  }));
  for (const v of s.validators) if (v.exitEpoch === FAR_FUTURE_EPOCH) v.withdrawableEpoch = FAR_FUTURE_EPOCH;
  return s;
}

const snapshot = realisticSnapshot();
let ops = computePendingDates(snapshot); // warm-up
const times = [];
const cpus = [];
for (let run = 0; run < 20; run++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  ops = computePendingDates(snapshot);
  cpus.push(process.cpuUsage(cpu).user / 1000);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);
const median = times[10];
const cpuMedian = cpus[10];
const counts = new Map();
for (const o of ops) counts.set(o.kind, (counts.get(o.kind) ?? 0) + 1);
const byKind = [...counts].map(([k, n]) => `${n} ${k}`);
console.log(
  `pending dates, ${COUNT.toLocaleString('en')} validators: CPU ${cpuMedian.toFixed(1)} ms, wall ${median.toFixed(1)} ms (medians of 20; wall min ${times[0].toFixed(1)})   aim < ${AIM_MS} ms: ${cpuMedian < AIM_MS ? 'met' : 'MISSED'}`,
);
console.log(`  ${ops.length} operations dated: ${byKind.join(', ')}`);
