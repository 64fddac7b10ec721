// Gas table of the lending contracts, FTX staking and liquid staking (validator deposits, the FETH
// swap queue, a fill of 100 queue entries), plus the gas of a sorted-list insert with
// good hints at 10, 1,000 and 10,000 caches. Runs contracts/scripts/gasBench.ts on Hardhat's
// in-process chain, so it needs no node and no port.
import { spawnSync } from 'node:child_process';

const contracts = new URL('../contracts/', import.meta.url).pathname;
const r = spawnSync('npx', ['hardhat', 'run', 'scripts/gasBench.ts'], { cwd: contracts, stdio: 'inherit' });
process.exit(r.status ?? 1);
