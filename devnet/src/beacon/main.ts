// CLI of the dev beacon node: `node --import tsx devnet/src/beacon/main.ts`.
// Env: RPC_URL (chain 88, default http://127.0.0.1:8545), BEACON_PORT (default 5052), BEACON_HOST
// (default 127.0.0.1), DEPOSIT_CONTRACT (default: addresses.depositContract of
// contracts/deployments/88.json).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAddress, type Address } from 'viem';
import { startDevBeacon } from './devBeacon.ts';

const deploymentFile = fileURLToPath(new URL('../../../contracts/deployments/88.json', import.meta.url));

/** The deposit contract from DEPOSIT_CONTRACT or the chain-88 deployment file. */
export function depositContractFrom(env: NodeJS.ProcessEnv, file = deploymentFile): Address {
  const fromEnv = env.DEPOSIT_CONTRACT;
  if (fromEnv) {
    if (!isAddress(fromEnv)) throw new Error('DEPOSIT_CONTRACT must be an address');
    return fromEnv;
  }
  if (!existsSync(file))
    throw new Error(`set DEPOSIT_CONTRACT or deploy the contracts first (${file} is missing)`);
  const address = (JSON.parse(readFileSync(file, 'utf8')) as { addresses?: { depositContract?: string } })
    .addresses?.depositContract;
  if (!address || !isAddress(address)) throw new Error(`${file} names no depositContract`);
  return address;
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.BEACON_PORT || 5052);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('BEACON_PORT must be a port number');
  const rpcUrl = env.RPC_URL || 'http://127.0.0.1:8545';
  const beacon = await startDevBeacon({
    rpcUrl,
    depositContract: depositContractFrom(env),
    port,
    host: env.BEACON_HOST || '127.0.0.1',
  });
  console.log(`dev beacon node: ${beacon.url} (Beacon API over chain 88 at ${rpcUrl})`);
  const stop = () => void beacon.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(`dev beacon node: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
