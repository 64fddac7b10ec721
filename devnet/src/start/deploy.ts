// Deploys the contracts to chain 88 with the contracts workspace's deploy script, which is
// idempotent: it reuses contracts/deployments/88.json when every contract in it has code on the
// chain. A second start replays the chain journal, and deterministic deployment (same deployer,
// same nonces) puts everything at the same addresses, so the file stays valid.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './build.ts';

/** Runs `contracts/scripts/deploy.ts` against `rpcUrl`; logs and skips when it does not exist yet. */
export async function deployContracts(
  root: string,
  rpcUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const contracts = join(root, 'contracts');
  const script = join(contracts, 'scripts', 'deploy.ts');
  if (!existsSync(script)) {
    log('contracts: no contracts/scripts/deploy.ts yet; skipping deployment');
    return;
  }
  await run(process.execPath, ['--import', 'tsx', script, '--rpc', rpcUrl, '--chain-id', '88'], {
    cwd: contracts,
    label: 'deploy',
  });
}
