// The customer's wallet paying for credits (issue 12): ETH sent to payd's wallet. FTX payments use
// transferFTX (tokenWrites.ts).
import type { Address } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { followTransaction, type SentTransaction } from './sendTransaction.ts';

/** Sends `amount` ETH from the connected signer to `to`. */
export async function sendETH(
  connection: ProtocolConnection,
  to: Address,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  const signer = requireSigner(connection);
  const hash = await signer.walletClient.sendTransaction({
    to,
    value: Decimal.from(amount).raw,
    account: signer.account,
    chain: signer.walletClient.chain ?? null,
  } as never);
  return followTransaction(connection, hash, () => undefined);
}
