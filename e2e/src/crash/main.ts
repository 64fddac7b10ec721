// `npm run crash -w e2e [-- --cycles N --seed S]`: the crash test (crash.ts) with its figures.
import { parseArgs } from 'node:util';
import { formatReport, runCrashTest } from './crash.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'keep-data': { type: 'boolean', default: false },
  },
});
const cycles = Number(values.cycles);
const seed = Number(values.seed);
if (!Number.isInteger(cycles) || cycles < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run crash -w e2e -- [--cycles N] [--seed S] [--keep-data]');
  process.exit(2);
}
console.log(`crash test: ${cycles} cycles, seed ${seed}`);
const report = await runCrashTest({ cycles, seed, keepData: values['keep-data'] });
console.log('');
console.log(formatReport(report));
if (values['keep-data']) console.log(`data directory kept: ${report.dataDir}`);
process.exitCode = report.lost.length === 0 && report.mismatchedBlocks === 0 ? 0 : 1;
