// The worker thread of DepositDataPool: derives m/12381/3600 from a mnemonic ('root') or signs and
// re-verifies the deposit data of a range of validators below it ('range'). Error replies carry the
// message only (never a mnemonic or a key).
import { parentPort } from 'node:worker_threads';
import { depositStepsBelowRoot, validatorRootSK, type DepositDataEntry } from '../deposit.ts';
import { mnemonicToSeed } from '../mnemonic.ts';
import type { Network } from '../networks.ts';

export type DepositTask =
  | { id: number; op: 'root'; mnemonic: string; passphrase: string }
  | {
      id: number;
      op: 'range';
      rootSK: bigint;
      startIndex: number;
      count: number;
      withdrawalCredentials: Uint8Array;
      network: Network;
      amountGwei?: bigint;
    };

export type DepositReply =
  | { id: number; rootSK: bigint }
  | { id: number; entries: DepositDataEntry[] }
  | { id: number; error: string };

function run(task: DepositTask): DepositReply {
  if (task.op === 'root')
    return { id: task.id, rootSK: validatorRootSK(mnemonicToSeed(task.mnemonic, task.passphrase)) };
  const entries: DepositDataEntry[] = [];
  for (const step of depositStepsBelowRoot(task)) if ('entries' in step) entries.push(...step.entries);
  return { id: task.id, entries };
}

parentPort!.on('message', (task: DepositTask) => {
  let reply: DepositReply;
  try {
    reply = run(task);
  } catch (e) {
    reply = { id: task.id, error: e instanceof Error ? e.message : 'deposit data failed' };
  }
  parentPort!.postMessage(reply);
});
