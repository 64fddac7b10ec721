// The on-chain KYC manager as the staking feature uses it: marking a registered wallet of an
// approved customer Approved. OnChainKycRegistry sends KycManager.setStatus through @payd/protocol
// (setKycStatus) with the server admin's key (SERVER_ADMIN_KEY; on chain 88 Hardhat's account #1,
// the deploy script's server admin). It takes the wallet's recorded ownership proof, not a bare
// address, and sends nothing unless the proof's signature verifies: no caller can get an address
// approved that its owner did not sign for.
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  connectSigner,
  createProtocolClient,
  setKycStatus,
  type ProtocolDeployment,
  type SignerConnection,
} from '@payd/protocol';
import { ownershipProven, type WalletOwnershipProof } from './walletProof.ts';

export interface KycRegistry {
  /** Marks the proven wallet Approved; resolves once the transaction is mined successfully,
   * rejects (sending nothing) when the proof does not verify. */
  markApproved(proof: WalletOwnershipProof): Promise<void>;
}

/** Hardhat's deterministic account #1: the server admin of contracts/scripts/deploy.ts on chain 88. */
export const DEV_SERVER_ADMIN_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface OnChainKycRegistryOptions {
  rpcUrl: string;
  chainId: number;
  /** The KycManager to write to (KYC_MANAGER_ADDRESS, else the deployment's). */
  kycManager: Address;
  serverAdminKey: Hex;
  /** The chain's deployment (contracts/deployments/<chainId>.json) when there is one. */
  deployment?: ProtocolDeployment;
}

/**
 * The deployment the protocol connection takes: the chain's own with `kycManager` in it, or (a
 * KycManager configured by address alone) one that names only the KYC manager, which is all
 * setKycStatus reads from it.
 */
export function kycDeployment(o: OnChainKycRegistryOptions): ProtocolDeployment {
  if (o.deployment)
    return { ...o.deployment, addresses: { ...o.deployment.addresses, kycManager: o.kycManager } };
  return {
    chainId: o.chainId,
    version: 'kyc-only',
    deploymentDate: 0,
    bootstrapPeriod: 0,
    startBlock: 0,
    _priceFeedIsTestnet: false,
    addresses: { kycManager: o.kycManager } as ProtocolDeployment['addresses'],
    wallets: {},
  };
}

export class OnChainKycRegistry implements KycRegistry {
  private connection: Promise<SignerConnection> | undefined;

  constructor(private readonly o: OnChainKycRegistryOptions) {}

  /** The server admin's signer connection, made once (it asks the node for its chain id). */
  private connect(): Promise<SignerConnection> {
    this.connection ??= (async () => {
      const deployment = kycDeployment(this.o);
      const publicClient = createProtocolClient({ deployment, rpcUrl: this.o.rpcUrl });
      const walletClient = createWalletClient({
        account: privateKeyToAccount(this.o.serverAdminKey),
        chain: publicClient.chain,
        transport: http(this.o.rpcUrl),
      });
      return connectSigner({ walletClient, publicClient, deployment });
    })();
    this.connection.catch(() => (this.connection = undefined)); // a node that was down: try again next time
    return this.connection;
  }

  async markApproved(proof: WalletOwnershipProof): Promise<void> {
    if (!(await ownershipProven(proof)))
      throw new Error(`KycManager.setStatus refused: no valid ownership proof for ${proof.address}`);
    const tx = await setKycStatus(await this.connect(), proof.address as Address, 'Approved');
    await tx.waitForSuccess(); // 'Transaction failed' (with the receipt) when it reverts
  }
}
