// Sending a contract call and following it to its receipt: a receipt that is not a success is a
// failed receipt, and a transaction cancelled or replaced by another one is an error.
import type { Abi, Address, Hex, TransactionReceipt as ViemReceipt } from 'viem';
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

export interface ContractWrite {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
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
export async function estimateWriteGas(
  connection: ProtocolConnection,
  write: ContractWrite,
): Promise<bigint> {
  const signer = requireSigner(connection);
  return signer.publicClient.estimateContractGas({
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args ?? [],
    account: signer.account,
    ...(write.value !== undefined && { value: write.value }),
  } as never);
}

/** Sends `write` from the connected signer; `details` decodes what it did from the receipt. */
export async function sendContractWrite<D>(
  connection: ProtocolConnection,
  write: ContractWrite,
  details: (receipt: ViemReceipt) => D,
): Promise<SentTransaction<D>> {
  const signer = requireSigner(connection);
  const hash = await signer.walletClient.writeContract({
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args ?? [],
    account: signer.account,
    chain: signer.walletClient.chain ?? null,
    ...(write.value !== undefined && { value: write.value }),
    ...(write.gas !== undefined && { gas: write.gas }),
  } as never);
  return followTransaction(connection, hash, details);
}

/** Follows an already sent transaction. */
export function followTransaction<D>(
  connection: ProtocolConnection,
  hash: Hex,
  details: (receipt: ViemReceipt) => D,
): SentTransaction<D> {
  const client = connection.publicClient;
  const settle = (receipt: ViemReceipt) =>
    receipt.status === 'success' ? succeededReceipt(receipt, details(receipt)) : failedReceipt(receipt);
  let mined: Promise<FailedReceipt<ViemReceipt> | SucceededReceipt<ViemReceipt, D>> | undefined;
  const waitForReceipt = () =>
    (mined ??= (async () => {
      let replaced = false;
      const receipt = await client.waitForTransactionReceipt({
        hash,
        onReplaced: (replacement) => {
          // a re-priced transaction is the same transaction; a cancelled or replaced one is not
          if (replacement.reason !== 'repriced') replaced = true;
        },
      });
      if (replaced) throw new TransactionReplacedError(hash);
      return settle(receipt);
    })());
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
