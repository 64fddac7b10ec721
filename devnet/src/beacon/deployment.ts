// Where the dev beacon node finds the deposit contract: DEPOSIT_CONTRACT, else the chain-88
// deployment file that `npm start` writes (contracts/deployments/88.json).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAddress, type Address } from 'viem';

export const DEPLOYMENT_FILE = fileURLToPath(
  new URL('../../../contracts/deployments/88.json', import.meta.url),
);

/** The deposit contract from DEPOSIT_CONTRACT or the chain-88 deployment file. */
export function depositContractFrom(env: NodeJS.ProcessEnv, file = DEPLOYMENT_FILE): Address {
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
