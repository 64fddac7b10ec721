// The devnet's FTX faucet: the chain-88 deployment gives its whole FTX supply to the deployer (the
// node's first account), so a dev wallet gets FTX by a plain ERC-20 transfer from that account.
// Dev only: it exists on the devnet's HTTP face and nowhere else.
import { readFileSync } from 'node:fs';
import type { JournaledChain } from './journaledChain.ts';

/** FTX per request, in FTX wei: 10,000 FTX (tier 2 of the default discount tiers). */
export const FTX_FAUCET_AMOUNT_WEI = 10_000n * 10n ** 18n;

const DEPLOYMENT_FILE = new URL('../../../contracts/deployments/88.json', import.meta.url);
const TRANSFER_SELECTOR = '0xa9059cbb'; // transfer(address,uint256)

/** The FTX token of the chain-88 deployment, or undefined before the contracts are deployed. */
export function ftxTokenAddress(file: URL | string = DEPLOYMENT_FILE): string | undefined {
  try {
    const d = JSON.parse(readFileSync(file, 'utf8')) as { addresses?: { ftxToken?: string } };
    return d.addresses?.ftxToken;
  } catch {
    return undefined;
  }
}

/** Calldata of `transfer(to, amount)`. */
export function transferCalldata(to: string, amount: bigint): string {
  const word = (hex: string) => hex.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  return `${TRANSFER_SELECTOR}${word(to)}${word(amount.toString(16))}`;
}

/** Sends FTX_FAUCET_AMOUNT_WEI FTX from the deployer to `address`; returns the transaction hash. */
export async function giveFTX(chain: JournaledChain, token: string, address: string): Promise<string> {
  const [from] = (await chain.request({ method: 'eth_accounts', params: [] })) as string[];
  if (!from) throw new Error('the devnet has no unlocked account holding FTX');
  return (await chain.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: token, data: transferCalldata(address, FTX_FAUCET_AMOUNT_WEI) }],
  })) as string;
}
