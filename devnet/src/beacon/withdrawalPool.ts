// How the dev beacon chain's withdrawals reach chain 88 (EIP-4895): each withdrawal the sweep makes
// is paid by one transaction to the withdrawal pool, an 12-byte contract that logs the withdrawal
// (its calldata, with the value as topic) and hands the value to the withdrawal address with
// SELFDESTRUCT, which credits the address without running its code, as a consensus-layer
// withdrawal does. The ETH comes from `hardhat_setBalance` on the payer (journaled like the faucet),
// and credit and record are one transaction: paid once, and replayed with the chain's journal.
import {
  createWalletClient,
  decodeAbiParameters,
  defineChain,
  encodeAbiParameters,
  http,
  keccak256,
  parseEther,
  toHex,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPOSIT_CHAIN_ID } from './config.ts';

/** Address of the withdrawal pool on chain 88. */
export const WITHDRAWAL_POOL_ADDRESS = `0xbeac${'0'.repeat(31)}5ee9e` as const;

/**
 * Runtime code: CALLDATACOPY(0, 0, CALLDATASIZE); LOG1(0, CALLDATASIZE, CALLVALUE);
 * SELFDESTRUCT(CALLDATALOAD(0x40)): the value goes to the address in the record's third word.
 */
export const WITHDRAWAL_POOL_CODE = '0x365f5f3734365fa1604035ff';

/** The dev-only key that pays withdrawals (derived from a public phrase). */
const payer = privateKeyToAccount(keccak256(toHex('payd dev beacon withdrawals')));
export const WITHDRAWAL_PAYER = payer.address;

const GWEI = 10n ** 9n;

const recordParameters = [
  { name: 'index', type: 'uint64' },
  { name: 'validatorIndex', type: 'uint64' },
  { name: 'address', type: 'address' },
  { name: 'amountGwei', type: 'uint64' },
  { name: 'epoch', type: 'uint64' },
  { name: 'slot', type: 'uint64' },
] as const;

/** A withdrawal as the beacon chain makes it (consensus-specs Withdrawal, plus when). */
export interface WithdrawalRecord {
  /** Position of the withdrawal in the chain's withdrawal order (WithdrawalIndex). */
  index: bigint;
  validatorIndex: bigint;
  /** 0x-prefixed lower-case execution address. */
  address: string;
  amountGwei: bigint;
  epoch: bigint;
  slot: bigint;
}

/** A withdrawal paid on chain 88, with the transaction that paid it. */
export interface PaidWithdrawal extends WithdrawalRecord {
  txHash: Hex;
  blockNumber: bigint;
}

export function encodeWithdrawal(w: WithdrawalRecord): Hex {
  return encodeAbiParameters(recordParameters, [
    w.index,
    w.validatorIndex,
    w.address as Hex,
    w.amountGwei,
    w.epoch,
    w.slot,
  ]);
}

/**
 * The withdrawal a pool log records, or null when the log is not a full payment of one (anyone may
 * call the pool: a record counts only when the value it carried is the amount it names).
 */
export function decodeWithdrawal(log: Pick<Log, 'data' | 'topics'>): WithdrawalRecord | null {
  try {
    const [index, validatorIndex, address, amountGwei, epoch, slot] = decodeAbiParameters(
      recordParameters,
      log.data,
    );
    const value = log.topics[0] === undefined ? -1n : BigInt(log.topics[0]);
    if (value !== amountGwei * GWEI || amountGwei === 0n) return null;
    return { index, validatorIndex, address: address.toLowerCase(), amountGwei, epoch, slot };
  } catch {
    return null;
  }
}

/** Pays withdrawals one by one, in order, over chain 88's JSON-RPC (the devnet journals it all). */
export class WithdrawalPayer {
  private readonly client: PublicClient;
  private readonly wallet;

  constructor(client: PublicClient, rpcUrl: string) {
    this.client = client;
    const chain = defineChain({
      id: Number(DEPOSIT_CHAIN_ID),
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    this.wallet = createWalletClient({ account: payer, chain, transport: http(rpcUrl) });
  }

  /** Installs the pool on first use, funds the payer, sends the payment and waits for its block. */
  async pay(w: WithdrawalRecord): Promise<Hex> {
    const client = this.client;
    if ((await client.getCode({ address: WITHDRAWAL_POOL_ADDRESS })) === undefined)
      await client.request({
        method: 'hardhat_setCode' as never,
        params: [WITHDRAWAL_POOL_ADDRESS, WITHDRAWAL_POOL_CODE] as never,
      });
    const value = w.amountGwei * GWEI;
    // Only this payer spends from its account, so reading and then setting its balance is safe.
    const balance = await client.getBalance({ address: payer.address });
    if (balance < value + parseEther('0.1'))
      await client.request({
        method: 'hardhat_setBalance' as never,
        params: [payer.address, toHex(balance + value + parseEther('1'))] as never,
      });
    const hash = await this.wallet.sendTransaction({
      to: WITHDRAWAL_POOL_ADDRESS,
      data: encodeWithdrawal(w),
      value,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`the withdrawal payment ${hash} reverted`);
    return hash;
  }
}
