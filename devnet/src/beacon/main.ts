// CLI of the dev beacon node: `node --import tsx devnet/src/beacon/main.ts`.
// Env: RPC_URL (chain 88, default http://127.0.0.1:8545), BEACON_PORT (default 5052), BEACON_HOST
// (default 127.0.0.1), DEPOSIT_CONTRACT (default: addresses.depositContract of
// contracts/deployments/88.json).
import { fileURLToPath } from 'node:url';
import { depositContractFrom } from './deployment.ts';
import { startDevBeacon } from './devBeacon.ts';

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
