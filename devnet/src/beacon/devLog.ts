// The dev beacon's journal on chain 88: a contract whose code logs its calldata (LOG0 of the whole
// calldata), called by a dev-only key. The exit pool and the offline switch are two of them; what
// they log is journaled with the chain, replayed with it after a restart and timed by its clock.
import { createWalletClient, defineChain, http, parseEther, toHex, type Hex, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { DEPOSIT_CHAIN_ID } from './config.ts';

/** Runtime code: CALLDATACOPY(0, 0, CALLDATASIZE); LOG0(0, CALLDATASIZE); STOP. */
export const LOG_CALLDATA_CODE = '0x365f5f37365fa000';

/**
 * Logs `data` at `address` on chain 88, sent by `submitter`: installs the logging code and funds
 * the submitter on first use (Hardhat's dev methods, journaled by the devnet), then waits for the
 * transaction's block. `what` names the journal in the error of a reverted transaction.
 */
export async function logOnChain(
  client: PublicClient,
  rpcUrl: string,
  journal: { address: Hex; submitter: PrivateKeyAccount; what: string },
  data: Hex,
): Promise<Hex> {
  const { address, submitter, what } = journal;
  if ((await client.getCode({ address })) === undefined)
    await client.request({
      method: 'hardhat_setCode' as never,
      params: [address, LOG_CALLDATA_CODE] as never,
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
  const hash = await wallet.sendTransaction({ to: address, data });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`the ${what} transaction ${hash} reverted`);
  return hash;
}
