// The outside services of the staking feature from the environment, unless a test gives its own:
// the beacon node (BEACON_URL), the deposit contract's logs (RPC_URL, when a beacon node is
// configured) and the on-chain KYC manager (KYC_MANAGER_ADDRESS or contracts/deployments/
// <CHAIN_ID>.json, with SERVER_ADMIN_KEY; on chain 88 Hardhat account #1 by default).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Address, Hex } from 'viem';
import { repoRoot, type ServerConfig } from '../config.ts';
import { HttpBeaconClient, type BeaconClient } from './beacon/index.ts';
import { RpcDepositLogReader, type DepositLogReader } from './depositLogs.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry, type KycRegistry } from './kycRegistry.ts';

export interface StakingServices {
  beacon: BeaconClient | null;
  deposits: DepositLogReader | null;
  kyc: KycRegistry | null;
}

function defaultKyc(config: ServerConfig): KycRegistry | null {
  let kycManager = (config.kycManagerAddress || undefined) as Address | undefined;
  if (!kycManager) {
    const file = join(repoRoot, `contracts/deployments/${config.chainId}.json`);
    if (existsSync(file))
      kycManager = (JSON.parse(readFileSync(file, 'utf8')) as { addresses?: { kycManager?: Address } })
        .addresses?.kycManager;
  }
  const key = (config.serverAdminKey as Hex) || (config.chainId === 88 ? DEV_SERVER_ADMIN_KEY : undefined);
  if (!kycManager || !key) return null;
  return new OnChainKycRegistry({
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    kycManager,
    serverAdminKey: key,
  });
}

/** Each service as given (null: none), else from the environment. */
export function stakingServices(given: Partial<StakingServices>, config: ServerConfig): StakingServices {
  const beacon =
    given.beacon !== undefined
      ? given.beacon
      : config.beaconUrl
        ? new HttpBeaconClient({ url: config.beaconUrl })
        : null;
  const deposits =
    given.deposits !== undefined
      ? given.deposits
      : beacon
        ? new RpcDepositLogReader({ rpcUrl: config.rpcUrl })
        : null;
  const kyc = given.kyc !== undefined ? given.kyc : defaultKyc(config);
  return { beacon, deposits, kyc };
}
