// Sending a contract call and following it to its receipt: a receipt that is not a success is a
// failed receipt, and a transaction cancelled or replaced by another one is an error.
import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  Hex,
  TransactionReceipt as ViemReceipt,
} from 'viem';
import { estimateContractGas } from 'viem/actions';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { TransactionReplacedError } from '../errors/errors.ts';
import {
  detailsOf,
  failedReceipt,
  pendingReceipt,
  succeededReceipt,
  type FailedReceipt,
  type SucceededReceipt,
  type TransactionReceipt,
} from '../model/receipt.ts';

/** The state mutabilities a write may call. */
export type WriteMutability = 'nonpayable' | 'payable';
/** The names of the functions of `abi` a transaction may call. */
export type WriteName<abi extends Abi> = ContractFunctionName<abi, WriteMutability>;
/** The arguments of `functionName` of `abi`, as the ABI types them. */
export type WriteArgs<abi extends Abi, functionName extends WriteName<abi>> = ContractFunctionArgs<
  abi,
  WriteMutability,
  functionName
>;

/**
 * A contract call, typed by its ABI the way viem's writeContract is: with an ABI `as const`, a
 * function name the ABI lacks or arguments of the wrong types do not type-check.
 */
export interface ContractWrite<abi extends Abi = Abi, functionName extends WriteName<abi> = WriteName<abi>> {
  address: Address;
  abi: abi;
  functionName: functionName;
  args: WriteArgs<abi, functionName>;
  /** ETH sent along, in wei. */
  value?: bigint;
  /** Gas limit; estimated by the node when absent. */
  gas?: bigint;
}

/** A sent transaction: its hash, and its receipt once mined. */
export interface SentTransaction<D> {
  hash: Hex;
  /** The receipt now: pending until mined. */
  getReceipt(): Promise<TransactionReceipt<ViemReceipt, D>>;
  /** Waits until mined: a succeeded receipt with details, or a failed one. */
  waitForReceipt(): Promise<FailedReceipt<ViemReceipt> | SucceededReceipt<ViemReceipt, D>>;
  /** Waits until mined and returns the details; 'Transaction failed' (with the receipt) otherwise. */
  waitForSuccess(): Promise<D>;
}

/** Estimates the gas of `write` from the connected signer. */
export async function estimateWriteGas<const abi extends Abi, functionName extends WriteName<abi>>(
  connection: ProtocolConnection,
  write: ContractWrite<abi, functionName>,
): Promise<bigint> {
  const signer = requireSigner(connection);
  // the action as a function: the lending pages' read client does not carry it (readClient.ts)
  return estimateContractGas(signer.publicClient, {
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args,
    account: signer.account,
    ...(write.value !== undefined && { value: write.value }),
  } as never); // typed at the call: `write` is checked against its ABI above
}

/** Sends `write` from the connected signer; `details` decodes what it did from the receipt. */
export async function sendContractWrite<const abi extends Abi, functionName extends WriteName<abi>, D>(
  connection: ProtocolConnection,
  write: ContractWrite<abi, functionName>,
  details: (receipt: ViemReceipt) => D,
): Promise<SentTransaction<D>> {
  const signer = requireSigner(connection);
  const hash = await signer.walletClient.writeContract({
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args,
    account: signer.account,
    chain: signer.walletClient.chain ?? null,
    ...(write.value !== undefined && { value: write.value }),
    ...(write.gas !== undefined && { gas: write.gas }),
  } as never); // typed at the call: `write` is checked against its ABI above
  return followTransaction(connection, hash, details);
}

/** What identifies a sent transaction besides its hash: sender, nonce and content. */
export interface SentIdentity {
  from: Address;
  nonce: number;
  to: Address | null;
  value: bigint;
  input: Hex;
}

/**
 * Follows an already sent transaction. Its receipt is looked for on every new block; when the
 * sender's nonce has been used by another transaction instead, that transaction is looked up: the
 * same call at another gas price (re-priced) counts as this one, anything else is an error
 * ('Transaction cancelled / replaced').
 */
export function followTransaction<D>(
  connection: ProtocolConnection,
  hash: Hex,
  details: (receipt: ViemReceipt) => D,
  /** Sender, nonce and content when the caller has them (otherwise read from the node now). */
  sentAs?: { sent: SentIdentity; fromBlock: bigint },
): SentTransaction<D> {
  const client = connection.publicClient;
  const settle = (receipt: ViemReceipt) =>
    receipt.status === 'success' ? succeededReceipt(receipt, details(receipt)) : failedReceipt(receipt);
  // Taken now, while the transaction is still known to the node, so a replacement can be recognised.
  const identity: Promise<{ sent: SentIdentity; fromBlock: bigint } | undefined> = sentAs
    ? Promise.resolve(sentAs)
    : Promise.all([client.getTransaction({ hash }), client.getBlockNumber()]).then(
        ([tx, block]) => ({
          sent: { from: tx.from, nonce: tx.nonce, to: tx.to, value: tx.value, input: tx.input },
          fromBlock: tx.blockNumber ?? block,
        }),
        () => undefined,
      );
  identity.catch(() => undefined);

  async function replacementOf(sent: SentIdentity, fromBlock: bigint): Promise<ViemReceipt> {
    const latest = await client.getBlockNumber();
    for (let n = fromBlock; n <= latest; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      const other = block.transactions.find(
        (tx) => tx.from.toLowerCase() === sent.from.toLowerCase() && tx.nonce === sent.nonce,
      );
      if (!other) continue;
      const samePayload =
        other.to?.toLowerCase() === sent.to?.toLowerCase() &&
        other.value === sent.value &&
        other.input === sent.input;
      if (!samePayload) throw new TransactionReplacedError(hash);
      return client.getTransactionReceipt({ hash: other.hash });
    }
    throw new TransactionReplacedError(hash);
  }

  async function check(): Promise<ViemReceipt | undefined> {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) return receipt;
    const known = await identity;
    if (!known) return undefined;
    const used = await client.getTransactionCount({ address: known.sent.from, blockTag: 'latest' });
    return used > known.sent.nonce ? replacementOf(known.sent, known.fromBlock) : undefined;
  }

  let mined: Promise<FailedReceipt<ViemReceipt> | SucceededReceipt<ViemReceipt, D>> | undefined;
  const waitForReceipt = () =>
    (mined ??= new Promise<ViemReceipt>((resolve, reject) => {
      let busy = false;
      const poll = () => {
        if (busy) return;
        busy = true;
        check().then(
          (receipt) => {
            busy = false;
            if (!receipt) return;
            unwatch();
            resolve(receipt);
          },
          (error: unknown) => {
            unwatch();
            reject(error);
          },
        );
      };
      const unwatch = client.watchBlockNumber({
        emitOnBegin: true,
        onBlockNumber: poll,
        onError: (error) => {
          unwatch();
          reject(error);
        },
      });
      // A websocket watch ignores emitOnBegin and only reports the next block: on a chain that
      // mines one block per transaction, an already-mined transaction would wait for someone
      // else's. Look once now.
      poll();
    }).then(settle));
  return {
    hash,
    async getReceipt() {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      return receipt ? settle(receipt) : pendingReceipt;
    },
    waitForReceipt,
    async waitForSuccess() {
      return detailsOf(await waitForReceipt());
    },
  };
}
