// `npm run fuzz`: the lending property (test/lending/fuzz.ts) over many random sequences.
// FUZZ_RUNS (default 2000) sequences of up to FUZZ_MAX_OPS (default 100) operations, FUZZ_SEED
// (default: random, printed). A failing sequence is shrunk (at most FUZZ_SHRINK_RUNS replays, default
// 150) and printed with its seed and path: FUZZ_SEED=<seed> FUZZ_PATH=<path> replays just that sequence.
import fc from 'fast-check';
import { Fuzzer } from '../test/lending/fuzz';

async function main() {
  const runs = Number(process.env.FUZZ_RUNS ?? 2000);
  const maxOps = Number(process.env.FUZZ_MAX_OPS ?? 100);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  console.log(`fuzz: ${runs} sequences of up to ${maxOps} operations, seed ${seed}`);
  const fuzzer = await Fuzzer.create();
  const started = Date.now();
  const result = await fuzzer.run({
    runs,
    maxOps,
    seed,
    shrinkRuns: Number(process.env.FUZZ_SHRINK_RUNS ?? 150),
    path: process.env.FUZZ_PATH,
    onFailure: async (n, length, e) => {
      console.log(`  sequence ${n} (${length} operations) failed: ${String(e).split('\n')[0]}`);
      if (process.env.FUZZ_DEBUG)
        for (const line of await fuzzer.describeRewardsPool()) console.log(`  ${line}`);
      console.log('  shrinking (at most FUZZ_SHRINK_RUNS replays)...');
    },
    onRun: (n) => {
      if (n % 25 === 0) {
        const s = (Date.now() - started) / 1000;
        console.log(`  ${n} sequences in ${s.toFixed(0)} s (${(n / s).toFixed(2)}/s)`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${result.numRuns} sequences run in ${seconds.toFixed(0)} s, ${result.numShrinks} shrinks\n`);
  fuzzer.printStats();
  if (result.failed) {
    console.log(`\n${fc.defaultReportMessage(result)}`);
    console.log(`\nError: ${String(result.errorInstance).slice(0, 3000)}`);
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
