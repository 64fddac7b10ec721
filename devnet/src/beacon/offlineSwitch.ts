// A dev control (issue 29): stop a validator, or start it again. A stopped validator misses every
// attestation: it earns nothing and pays the missed source and target penalties each epoch, as a
// validator whose client is down does on mainnet. Like the exit pool, the switch lives on chain 88:
// a contract running the exit pool's code logs `abi.encode(uint64 validator_index, bool offline)`,
// so the switch is journaled with the chain, replayed after a restart and timed by the chain clock.
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
import { EXIT_POOL_CODE } from './exitPool.ts';

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
export async function sendSwitch(client: PublicClient, rpcUrl: string, s: OfflineSwitch): Promise<Hex> {
  if ((await client.getCode({ address: OFFLINE_SWITCH_ADDRESS })) === undefined)
    await client.request({
      method: 'hardhat_setCode' as never,
      params: [OFFLINE_SWITCH_ADDRESS, EXIT_POOL_CODE] as never,
    });
  if ((await client.getBalance({ address: submitter.address })) < parseEther('0.1'))
    await client.request({
      method: 'hardhat_setBalance' as never,
      params: [submitter.address, toHex(parseEther('10'))] as never,
    });
  const chain = defineChain({
    id: Number(DEPOSIT_CHAIN_ID),
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account: submitter, chain, transport: http(rpcUrl) });
  const hash = await wallet.sendTransaction({ to: OFFLINE_SWITCH_ADDRESS, data: encodeSwitch(s) });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`the offline switch transaction ${hash} reverted`);
  return hash;
}
