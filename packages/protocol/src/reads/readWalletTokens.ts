// The FTX and PAYD balances of a wallet, as the wallet strip above every protected page shows
// them (spec 002 section 4: the connected account, ETH and FTX balances; PAYD for the lending
// app). Takes any viem client on the deployment's chain (the wallet's own transport will do) and
// only the two token addresses, so the web app can load it on its own, after the page shows,
// without the rest of the protocol package.
import { erc20Abi, type Address, type Client } from 'viem';
import { readContract } from 'viem/actions';
import type { ProtocolAddresses } from '../connection/deployment.ts';

export interface ReadWalletTokensParameters {
  /** A client on the chain of `addresses`. */
  client: Client;
  /** The deployment's token addresses. */
  addresses: Pick<ProtocolAddresses, 'ftxToken' | 'paydToken'>;
  /** The wallet whose balances are read. */
  owner: Address;
}

export interface WalletTokens {
  /** FTX in its smallest unit (18 decimals). */
  ftx: bigint;
  /** PAYD in its smallest unit (18 decimals). */
  payd: bigint;
}

/** `owner`'s FTX and PAYD balances (ERC-20 balanceOf on each token, read in parallel). */
export async function readWalletTokens(p: ReadWalletTokensParameters): Promise<WalletTokens> {
  const balanceOf = (address: Address) =>
    readContract(p.client, { address, abi: erc20Abi, functionName: 'balanceOf', args: [p.owner] });
  const [ftx, payd] = await Promise.all([balanceOf(p.addresses.ftxToken), balanceOf(p.addresses.paydToken)]);
  return { ftx, payd };
}
