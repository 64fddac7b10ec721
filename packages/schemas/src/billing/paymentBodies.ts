// The request bodies of the wallet payments the server books (spec 001 section 7: GetEthPayment,
// GetFtxPayment), as zod schemas. A file apart from topUp.ts so the web's /payment page, which
// takes only their types, does not download zod's full build with the top-up rules.
import { z } from 'zod';

const decimalString = (max: number) =>
  z.string().regex(new RegExp(`^\\d+(\\.\\d{1,${max}})?$`), 'must be a decimal number');
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address');

/** GetEthPayment's body (spec 001 section 7). ethAmt is in ETH, creditAmt in credits. */
export const ethPaymentBody = z.object({
  txHash,
  walletAddress: address,
  fintruxWallet: address,
  ethAmt: decimalString(18),
  creditAmt: decimalString(2),
});
export type EthPaymentBody = z.infer<typeof ethPaymentBody>;

/** GetFtxPayment's body (spec 001 section 7). ftxAmt is in FTX, creditAmt in credits. */
export const ftxPaymentBody = z.object({
  txHash,
  ftxTokenAddress: address,
  walletAddress: address,
  fintruxWallet: address,
  ftxAmt: decimalString(18),
  creditAmt: decimalString(2),
});
export type FtxPaymentBody = z.infer<typeof ftxPaymentBody>;
