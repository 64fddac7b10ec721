// A dev control (issue 29): stop a validator, or start it again. A stopped validator misses every
// attestation: it earns nothing and pays the missed source and target penalties each epoch, as a
// validator whose client is down does on mainnet. Like the exit pool, the switch lives on chain 88:
// a contract running the exit pool's code logs `abi.encode(uint64 validator_index, bool offline)`,
// so the switch is journaled with the chain, replayed after a restart and timed by the chain clock.
import {
  decodeAbiParameters,
  encodeAbiParameters,
  keccak256,
  toHex,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { logOnChain } from './devLog.ts';

/** Address of the offline switch on chain 88. */
export const OFFLINE_SWITCH_ADDRESS = `0xbeac${'0'.repeat(30)}0ff11e` as const;

/** The dev-only key that pays for switch transactions (derived from a public phrase). */
const submitter = privateKeyToAccount(keccak256(toHex('payd dev beacon offline switch')));

const switchParameters = [
  { name: 'validatorIndex', type: 'uint64' },
  { name: 'offline', type: 'bool' },
] as const;

/** A validator stopped (`offline`) or started again, as the switch logs it. */
export interface OfflineSwitch {
  validatorIndex: bigint;
  offline: boolean;
}

export function encodeSwitch(s: OfflineSwitch): Hex {
  return encodeAbiParameters(switchParameters, [s.validatorIndex, s.offline]);
}

/** The switch a log carries, or null when the log is not one (anyone may call the contract). */
export function decodeSwitch(log: Pick<Log, 'data'>): OfflineSwitch | null {
  if ((log.data.length - 2) / 2 !== 64) return null;
  try {
    const [validatorIndex, offline] = decodeAbiParameters(switchParameters, log.data);
    return { validatorIndex, offline };
  } catch {
    return null;
  }
}

/** Logs `s` on chain 88 (installing the switch and funding its submitter on first use); waits for its block. */
export function sendSwitch(client: PublicClient, rpcUrl: string, s: OfflineSwitch): Promise<Hex> {
  return logOnChain(
    client,
    rpcUrl,
    { address: OFFLINE_SWITCH_ADDRESS, submitter, what: 'offline switch' },
    encodeSwitch(s),
  );
}
