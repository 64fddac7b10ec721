// Deploys the liquid staking contracts (issue 13) beside the lending core: the FETH token and the
// validator pool, and makes the pool the rewards pool's rewards source.
import { getContractAddress, type Address } from 'viem';
import { deployArtifact, send, type Clients } from './deployLending';

export interface LiquidParams {
  serverAdmin: Address;
  humanAdmin: Address;
  /** LendingSettings: KYC manager, fee and charity wallets. */
  lendingSettings: Address;
  /** RewardsPool: receives the rewards (setRewardsSource is called with the pool). */
  rewardsPool: Address;
  /** The beacon deposit contract of the deployment. */
  depositContract: Address;
  /** Tests only: deploy this artifact as the token (FaultyFETHToken); default FETHToken. */
  fethTokenArtifact?: string;
}

export interface LiquidAddresses {
  fethToken: Address;
  validatorPool: Address;
}

export async function deployLiquid(clients: Clients, p: LiquidParams): Promise<LiquidAddresses> {
  // FETH's `pool` and the pool's `feth` are immutables: FETH lands at the deployer's next nonce and
  // the pool at the one after, each checked as it lands.
  const from = clients.walletClient.account!.address;
  const nonce = await clients.publicClient.getTransactionCount({ address: from, blockTag: 'pending' });
  const expectedFeth = getContractAddress({ from, nonce: BigInt(nonce) });
  const expectedPool = getContractAddress({ from, nonce: BigInt(nonce + 1) });
  const fethToken = await deployArtifact(clients, p.fethTokenArtifact ?? 'FETHToken', [expectedPool]);
  const validatorPool = await deployArtifact(clients, 'ValidatorPool', [
    p.serverAdmin,
    p.humanAdmin,
    fethToken,
    p.depositContract,
    p.lendingSettings,
    p.rewardsPool,
  ]);
  for (const [name, got, want] of [
    ['FETHToken', fethToken, expectedFeth],
    ['ValidatorPool', validatorPool, expectedPool],
  ] as const) {
    if (got.toLowerCase() !== want.toLowerCase()) {
      throw new Error(`${name} landed at ${got}, expected ${want} (another transaction from ${from}?)`);
    }
  }
  // The deployer owns the rewards pool, which its admin check accepts.
  await send(clients, 'RewardsPool', p.rewardsPool, 'setRewardsSource', [validatorPool]);
  return { fethToken, validatorPool };
}
