// PoolChain over @payd/protocol (the only road to the payd contracts): the ValidatorPool of the
// chain's deployment, written with the server admin's key (SERVER_ADMIN_KEY; on chain 88 Hardhat
// account #1, the deploy script's server admin), as staking/kycRegistry.ts connects its signer.
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  addPoolValidators,
  connectSigner,
  contractRevertOf,
  createProtocolClient,
  markValidatorsExiting,
  readPoolState,
  readPoolValidatorId,
  readPoolValidators,
  reportPoolRewards,
  settleValidatorExits,
  type ProtocolDeployment,
  type SignerConnection,
} from '@payd/protocol';
import type { PoolChain, PoolState, PoolValidatorDeposit, PoolValidatorStatus } from './poolChain.ts';

export interface ProtocolPoolChainOptions {
  rpcUrl: string;
  /** The chain's deployment with `addresses.validatorPool`. */
  deployment: ProtocolDeployment;
  serverAdminKey: Hex;
}

/** A refused pool write, named by its custom error (AlreadyReportedThisPeriod, ...) when it has one. */
export class PoolWriteError extends Error {
  override name = 'PoolWriteError';
  constructor(
    readonly write: string,
    readonly revert: string | undefined,
    cause: unknown,
  ) {
    super(`${write} refused${revert ? `: ${revert}` : ''}`, { cause });
  }
}

export class ProtocolPoolChain implements PoolChain {
  private connection: Promise<SignerConnection> | undefined;

  constructor(private readonly o: ProtocolPoolChainOptions) {}

  /** The server admin's signer connection, made once (a node that was down: made again next time). */
  private connect(): Promise<SignerConnection> {
    this.connection ??= (async () => {
      const { deployment, rpcUrl } = this.o;
      const publicClient = createProtocolClient({ deployment, rpcUrl });
      const walletClient = createWalletClient({
        account: privateKeyToAccount(this.o.serverAdminKey),
        chain: publicClient.chain,
        transport: http(rpcUrl),
      });
      return connectSigner({ walletClient, publicClient, deployment });
    })();
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  /** Sends a write and waits until it is mined successfully; a revert is named. */
  private async send<T>(
    write: string,
    sent: (c: SignerConnection) => Promise<{ hash: Hex; waitForSuccess(): Promise<T> }>,
  ) {
    try {
      const tx = await sent(await this.connect());
      await tx.waitForSuccess();
      return tx.hash;
    } catch (err) {
      const revert = contractRevertOf(err);
      throw new PoolWriteError(
        write,
        revert ? `${revert.name}(${revert.args.map(String).join(', ')})` : undefined,
        err,
      );
    }
  }

  async poolAddress(): Promise<Address> {
    return this.o.deployment.addresses.validatorPool;
  }

  async readState(): Promise<PoolState> {
    return readPoolState(await this.connect());
  }

  async validatorIdOf(pubkey: Hex): Promise<bigint> {
    return (await readPoolValidatorId(await this.connect(), pubkey)) ?? 0n;
  }

  async validatorsWithStatus(status: PoolValidatorStatus, startId: bigint, max: number): Promise<bigint[]> {
    return (await readPoolValidators(await this.connect(), status, startId, BigInt(max))).map((v) => v.id);
  }

  async addValidators(deposits: readonly PoolValidatorDeposit[]): Promise<void> {
    await this.send('addValidators', (c) => addPoolValidators(c, deposits));
  }

  async markExiting(ids: readonly bigint[]): Promise<void> {
    await this.send('markExiting', (c) => markValidatorsExiting(c, ids));
  }

  async settleExits(ids: readonly bigint[]): Promise<void> {
    await this.send('settleExits', (c) => settleValidatorExits(c, ids));
  }

  async reportRewards(rewards: {
    stakingRewards: bigint;
    miningRewards: bigint;
  }): Promise<{ txHash: string }> {
    return { txHash: await this.send('reportRewards', (c) => reportPoolRewards(c, rewards)) };
  }

  async chainTime(): Promise<bigint> {
    const block = await (await this.connect()).publicClient.getBlock({ blockTag: 'latest' });
    return block.timestamp;
  }
}
