// Time to create verified deposit data (EIP-2333 derivation, BLS signing, re-verification) for 1, 10,
// 100 and 1,000 validators from one mnemonic: on one thread (createDepositData) and on the worker
// pool the server uses (@payd/validator-keys/node), beside the aim of issue 16. CPU is the whole
// process's (every thread), the figure a busy shared machine disturbs least. The pool goes up to 300
// by default; VALIDATOR_KEYS_BENCH_MAX=1000 adds the 1,000 (about 20 s on 2 idle cores).
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { createDepositData, generateMnemonic } from '@payd/validator-keys';
import { DepositDataPool } from '@payd/validator-keys/node';

const AIM_100_MS = 3000;
const max = Number(process.env.VALIDATOR_KEYS_BENCH_MAX ?? 300);
const mnemonic = generateMnemonic();
const withdrawalAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const args = (count) => ({ mnemonic, startIndex: 0, count, withdrawalAddress, network: 'payd-devnet' });

function line(label, count, ms, cpu) {
  const aim = count === 100 ? `   aim < ${AIM_100_MS} ms: ${ms < AIM_100_MS ? 'met' : 'MISSED'}` : '';
  console.log(
    `${label} ${String(count).padStart(4)} validator(s): ${ms.toFixed(0).padStart(6)} ms total, ${(ms / count).toFixed(1).padStart(5)} ms each, CPU ${(cpu / 1000 / count).toFixed(1).padStart(5)} ms each${aim}`,
  );
}

// warm up the curve tables once, outside the measurements
createDepositData({ ...args(1), startIndex: 1000 });
for (const count of [1, 10, 100]) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const entries = createDepositData(args(count));
  if (entries.length !== count) throw new Error('wrong number of entries');
  line('one thread ', count, performance.now() - started, process.cpuUsage(cpu).user);
}

const pool = new DepositDataPool();
await pool.warm();
for (const count of [1, 10, 100, 300, 1000].filter((c) => c <= max)) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const entries = await pool.createDepositData(args(count));
  if (entries.length !== count) throw new Error('wrong number of entries');
  line(`pool of ${pool.threads}  `, count, performance.now() - started, process.cpuUsage(cpu).user);
}
await pool.close();
console.log(`(${availableParallelism()} cores; the machine may be shared: compare runs taken together)`);
