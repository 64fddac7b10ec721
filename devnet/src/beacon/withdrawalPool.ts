// How the dev beacon chain's withdrawals reach chain 88 (EIP-4895): each withdrawal the sweep makes
// is paid by one transaction to the withdrawal pool, an 12-byte contract that logs the withdrawal
// (its calldata, with the value as topic) and hands the value to the withdrawal address with
// SELFDESTRUCT, which credits the address without running its code, as a consensus-layer
// withdrawal does. The ETH comes from `hardhat_setBalance` on the payer (journaled like the faucet),
// and credit and record are one transaction: paid once, and replayed with the chain's journal.
import { decodeAbiParameters, encodeAbiParameters, type Hex, type Log, type PublicClient } from 'viem';
import { PoolPayer, poolPayerAddress } from './poolPayer.ts';

/** Address of the withdrawal pool on chain 88. */
export const WITHDRAWAL_POOL_ADDRESS = `0xbeac${'0'.repeat(31)}5ee9e` as const;

/**
 * Runtime code: CALLDATACOPY(0, 0, CALLDATASIZE); LOG1(0, CALLDATASIZE, CALLVALUE);
 * SELFDESTRUCT(CALLDATALOAD(0x40)): the value goes to the address in the record's third word.
 */
export const WITHDRAWAL_POOL_CODE = '0x365f5f3734365fa1604035ff';

/** The public phrase of the dev-only key that pays withdrawals. */
const WITHDRAWAL_PAYER_KEY_PHRASE = 'payd dev beacon withdrawals';
export const WITHDRAWAL_PAYER = poolPayerAddress(WITHDRAWAL_PAYER_KEY_PHRASE);

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
  private readonly payer: PoolPayer;

  constructor(client: PublicClient, rpcUrl: string) {
    this.payer = new PoolPayer(client, rpcUrl, {
      pool: WITHDRAWAL_POOL_ADDRESS,
      code: WITHDRAWAL_POOL_CODE,
      keyPhrase: WITHDRAWAL_PAYER_KEY_PHRASE,
    });
  }

  /** Installs the pool on first use, funds the payer, sends the payment and waits for its block. */
  pay(w: WithdrawalRecord): Promise<Hex> {
    return this.payer.pay(encodeWithdrawal(w), w.amountGwei * GWEI);
  }
}
