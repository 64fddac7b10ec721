// Deploys the contracts to chain 88 with the contracts workspace's own deploy script, unless the
// chain already holds the deployment recorded in contracts/deployments/88.json (a second start
// replays the journal, and deterministic deployment puts everything at the same addresses).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournaledChain } from '../chain/journaledChain.ts';
import { run } from './build.ts';

/** Every address-looking string in a deployment file, however it is nested. */
export function deploymentAddresses(deployment: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(deployment);
  return [...found];
}

/**
 * True when `file` names at least one contract and each address that held code when it was written
 * still holds code on `chain`. Externally owned addresses in the file (a deployer, an owner) are
 * told apart by `eth_getCode` being empty for them on both counts, so they must not be listed as
 * contracts: only addresses under a `contracts`/`addresses` key are checked when such a key exists.
 */
export async function isDeployed(chain: JournaledChain, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const deployment = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const scope = deployment.contracts ?? deployment.addresses ?? deployment;
  const addresses = deploymentAddresses(scope);
  if (addresses.length === 0) return false;
  for (const address of addresses) {
    const code = (await chain.request({ method: 'eth_getCode', params: [address, 'latest'] })) as string;
    if (code === '0x') return false;
  }
  return true;
}

/** Runs the deployment when needed; logs and skips when the contracts have no deploy script yet. */
export async function deployIfNeeded(
  root: string,
  chain: JournaledChain,
  rpcUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const contracts = join(root, 'contracts');
  const script = join(contracts, 'scripts', 'deploy.ts');
  if (!existsSync(script)) {
    log('contracts: no contracts/scripts/deploy.ts yet; skipping deployment');
    return;
  }
  const file = join(contracts, 'deployments', `${chain.chainId}.json`);
  if (await isDeployed(chain, file)) {
    log(`contracts: reusing the deployment in contracts/deployments/${chain.chainId}.json`);
    return;
  }
  log('contracts: deploying to chain 88 (hardhat run scripts/deploy.ts --network localhost)');
  await run('npx', ['hardhat', 'run', 'scripts/deploy.ts', '--network', 'localhost'], {
    cwd: contracts,
    label: 'deploy',
    env: { ...process.env, RPC_URL: rpcUrl },
  });
  if (!(await isDeployed(chain, file)))
    throw new Error(
      `deployment finished but contracts/deployments/${chain.chainId}.json does not match the chain`,
    );
}
