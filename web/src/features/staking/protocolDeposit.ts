// The stake deposit through @payd/protocol (issue 11: one road to the chain): the app shell's
// signing connection (shell/chain/connection.ts), and depositValidatorBatch (the MultipleDeposit contract: each deposit with the amount
// its deposit data was signed for, the value their sum, all or nothing). StakePage.tsx loads it when the deposit is sent.
import type { Hash } from 'viem';
import { depositValidatorBatch, type ValidatorBatchDeposit } from '@payd/protocol';
import { connectWallet, type ChainAccess } from '../../shell/chain/connection.ts';

export interface DepositThroughProtocol extends ChainAccess {
  deposits: readonly ValidatorBatchDeposit[];
}

/** Sends the MultipleDeposit transaction from the connected wallet; resolves with its hash once sent. */
export async function sendValidatorDeposits(p: DepositThroughProtocol): Promise<Hash> {
  const connection = await connectWallet(p);
  const sent = await depositValidatorBatch(connection, p.deposits);
  return sent.hash;
}
