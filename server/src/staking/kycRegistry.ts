// The on-chain KYC manager as the staking feature uses it: marking a registered wallet of an
// approved customer Approved. OnChainKycRegistry sends KycManager.setStatus with the server
// admin's key (SERVER_ADMIN_KEY; on chain 88 Hardhat's account #1, the deploy script's server admin).
// It takes the wallet's recorded ownership proof, not a bare address, and sends nothing unless the
// proof's signature verifies: no caller can get an address approved that its owner did not sign for.
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { kycManagerAbi } from '@payd/contracts/abi';
import { ownershipProven, type WalletOwnershipProof } from './walletProof.ts';

export interface KycRegistry {
  /** Marks the proven wallet Approved; resolves once the transaction is mined successfully,
   * rejects (sending nothing) when the proof does not verify. */
  markApproved(proof: WalletOwnershipProof): Promise<void>;
}

/** KycManager.Status.Approved (None, Pending, Approved, ...). */
const APPROVED = 2;

/** Hardhat's deterministic account #1: the server admin of contracts/scripts/deploy.ts on chain 88. */
export const DEV_SERVER_ADMIN_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface OnChainKycRegistryOptions {
  rpcUrl: string;
  chainId: number;
  kycManager: Address;
  serverAdminKey: Hex;
}

export class OnChainKycRegistry implements KycRegistry {
  constructor(private readonly o: OnChainKycRegistryOptions) {}

  async markApproved(proof: WalletOwnershipProof): Promise<void> {
    if (!(await ownershipProven(proof)))
      throw new Error(`KycManager.setStatus refused: no valid ownership proof for ${proof.address}`);
    const address = proof.address as Address;
    const chain = defineChain({
      id: this.o.chainId,
      name: `chain ${this.o.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [this.o.rpcUrl] } },
    });
    const transport = http(this.o.rpcUrl);
    const account = privateKeyToAccount(this.o.serverAdminKey);
    const wallet = createWalletClient({ account, chain, transport });
    const client = createPublicClient({ chain, transport });
    const hash = await wallet.writeContract({
      address: this.o.kycManager,
      abi: kycManagerAbi,
      functionName: 'setStatus',
      args: [address, APPROVED],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`KycManager.setStatus reverted (${hash})`);
  }
}
