// The chain's deployment and the server admin key the pool job writes with: the deployment file
// contracts/deployments/<CHAIN_ID>.json (as the payments part reads it), SERVER_ADMIN_KEY or, on
// chain 88, Hardhat's account #1 (the deploy script's server admin).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolDeployment } from '@payd/protocol';
import { repoRoot, type ServerConfig } from '../config.ts';
import { DEV_SERVER_ADMIN_KEY } from '../staking/index.ts';

export function deploymentOf(chainId: number): ProtocolDeployment | null {
  const file = join(repoRoot, `contracts/deployments/${chainId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProtocolDeployment) : null;
}

export function serverAdminKeyOf(config: Pick<ServerConfig, 'serverAdminKey' | 'chainId'>): string {
  return config.serverAdminKey || (config.chainId === 88 ? DEV_SERVER_ADMIN_KEY : '');
}
