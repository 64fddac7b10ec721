// The deposit batch the wallet signs (spec 001 section 3), each validator's deposit data checked
// before it is offered: the chosen amount and kind (0x01 or 0x02 credentials) of the confirmed withdrawal address, the network, both roots and the
// BLS signature (@payd/validator-keys). Loaded when Send ETH prepares the deposit, so the stake
// page does not download the BLS code with its first paint. Tested in depositBatch.test.ts.
import {
  explainDepositData,
  toHex,
  withdrawalCredentialsFor,
  type DepositDataEntry,
} from '@payd/validator-keys';
import {
  decodeDepositJson,
  GWEI_PER_VALIDATOR,
  type DepositBatch,
  type ValidatorKind,
  type ValidatorRow,
} from './stakeRules.ts';

/** What each deposit of the batch must be: the kind's credentials and the amount per validator. */
export interface ExpectedDeposit {
  kind: ValidatorKind;
  /** Per validator, in gwei. */
  amountGwei: number;
}

const REGULAR: ExpectedDeposit = { kind: '0x01', amountGwei: GWEI_PER_VALIDATOR };

const hex0x = (h: string): `0x${string}` => (h.startsWith('0x') ? h : `0x${h}`) as `0x${string}`;

/** Checks one chosen validator's deposit data (see depositBatch); returns the entry. */
function checkedEntry(
  v: ValidatorRow,
  credentials: string,
  expectedForkVersion: string | undefined,
  amountGwei: number,
): DepositDataEntry {
  const entry = decodeDepositJson(String(v.DepositJson5 ?? ''));
  const which = `deposit data of validator ${String(v.Idx5)}`;
  const pubkey = entry.pubkey.replace(/^0x/, '').toLowerCase();
  if (`0x${pubkey}` !== String(v.PubKey5 ?? '').toLowerCase())
    throw new Error(`${which} names another public key`);
  if (Number(entry.amount) !== amountGwei) throw new Error(`${which} is not ${amountGwei / 1e9} ETH`);
  if (entry.withdrawal_credentials.replace(/^0x/, '').toLowerCase() !== credentials)
    throw new Error(`${which} pays another withdrawal address`);
  if (
    expectedForkVersion &&
    entry.fork_version.replace(/^0x/, '').toLowerCase() !==
      expectedForkVersion.replace(/^0x/, '').toLowerCase()
  )
    throw new Error(`${which} is for another network`);
  const problem = explainDepositData(entry);
  if (problem) throw new Error(`${which}: ${problem}`);
  return entry;
}

function assemble(entries: DepositDataEntry[]): DepositBatch {
  if (!entries.length) throw new Error('no deposit data');
  const forks = new Set(entries.map((e) => e.fork_version.replace(/^0x/, '').toLowerCase()));
  if (forks.size !== 1) throw new Error('deposit data of more than one network');
  const pubkeys = new Set(entries.map((e) => e.pubkey.replace(/^0x/, '').toLowerCase()));
  if (pubkeys.size !== entries.length) throw new Error('deposit data names a validator twice');
  const deposits = entries.map((e) => ({
    pubkey: hex0x(e.pubkey),
    withdrawal_credentials: hex0x(e.withdrawal_credentials),
    signature: hex0x(e.signature),
    deposit_data_root: hex0x(e.deposit_data_root),
    // the deposit contract checks the root over this amount: the one the entry was signed for
    amount: BigInt(e.amount) * 10n ** 9n,
  }));
  return {
    deposits,
    pubkeys: deposits.map((d) => d.pubkey),
    withdrawal_credentials: deposits.map((d) => d.withdrawal_credentials),
    signatures: deposits.map((d) => d.signature),
    deposit_data_roots: deposits.map((d) => d.deposit_data_root),
    fork_version: hex0x(entries[0]!.fork_version),
  };
}

/**
 * The deposit batch of the chosen validators, each entry checked before it is offered for
 * signing: the amount per validator and the credentials of the kind (32 ETH and 0x01 by default) of the confirmed withdrawal address, the expected fork
 * version (when given), both roots recomputed and the BLS signature verified. Throws on the
 * first entry that fails (a parse failure of the deposit data).
 */
export function depositBatch(
  chosen: readonly ValidatorRow[],
  withdrawalAddress: string,
  expectedForkVersion?: string,
  expected: ExpectedDeposit = REGULAR,
): DepositBatch {
  const credentials = toHex(withdrawalCredentialsFor(expected.kind, withdrawalAddress.trim()));
  return assemble(chosen.map((v) => checkedEntry(v, credentials, expectedForkVersion, expected.amountGwei)));
}

/**
 * depositBatch that lets the page breathe between entries (a BLS check takes tens of
 * milliseconds, so a hundred validators would otherwise freeze the spinner for seconds).
 */
export async function depositBatchAsync(
  chosen: readonly ValidatorRow[],
  withdrawalAddress: string,
  expectedForkVersion?: string,
  /** Told after each entry is checked: how many of how many. */
  onProgress?: (checked: number, total: number) => void,
  expected: ExpectedDeposit = REGULAR,
): Promise<DepositBatch> {
  const credentials = toHex(withdrawalCredentialsFor(expected.kind, withdrawalAddress.trim()));
  const entries: DepositDataEntry[] = [];
  for (const v of chosen) {
    entries.push(checkedEntry(v, credentials, expectedForkVersion, expected.amountGwei));
    onProgress?.(entries.length, chosen.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return assemble(entries);
}

/**
 * A top-up's one deposit (issue 25), checked as a stake's are before the wallet is asked: the
 * validator's own pubkey, 0x02 credentials of its withdrawal address, the amount asked for, the
 * network, both roots and the BLS signature; sent through MultipleDeposit as a batch of one.
 */
export function topUpBatch(
  entry: DepositDataEntry,
  pubkey: string,
  withdrawalAddress: string,
  expectedForkVersion: string | undefined,
  amountGwei: number,
): DepositBatch {
  const row: ValidatorRow = { Idx5: 'top-up', PubKey5: pubkey, DepositJson5: btoa(JSON.stringify([entry])) };
  return depositBatch([row], withdrawalAddress, expectedForkVersion, { kind: '0x02', amountGwei });
}
