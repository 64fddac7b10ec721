// Settings of credit top-ups (issue 12), read from the environment beside ServerConfig:
//   PAYD_PAYMENT_WALLET   payd's wallet that receives ETH and FTX top-ups (chain 88: DEV_PAYMENT_WALLET)
//   CREDIT_USD            USD price of one credit (default 1)
//   CREDIT_DAILY_CHARGE   credits charged per validator per UTC day (Rates.CR, default 1)
//   PAYMENT_CONFIRMATIONS blocks a top-up transaction needs (chain 88: 1, else 12)
//   PAYMENT_RATE_TOLERANCE how far below the current price a paid amount may be (default 0.02 = 2%)
//   FTX_USD_PRICE         FTX/USD of the fixed price source (production; chain 88 reads its test feed)
import { getAddress, type Address } from 'viem';

/** Hardhat's well-known account #9: payd's wallet on the development chain. */
export const DEV_PAYMENT_WALLET: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

export interface PaymentsConfig {
  paymentWallet: Address | null;
  creditUsd: string;
  dailyCharge: string;
  confirmations: number;
  rateTolerance: string;
  ftxUsdPrice: string | null;
}

const decimal = (v: string | undefined, fallback: string) =>
  v && /^\d+(\.\d+)?$/.test(v.trim()) ? v.trim() : fallback;

export function paymentsConfig(chainId: number, env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const dev = chainId === 88;
  const wallet = env.PAYD_PAYMENT_WALLET?.trim();
  return {
    paymentWallet: wallet ? getAddress(wallet) : dev ? DEV_PAYMENT_WALLET : null,
    creditUsd: decimal(env.CREDIT_USD, '1'),
    dailyCharge: decimal(env.CREDIT_DAILY_CHARGE, '1'),
    confirmations: Math.max(1, Number(env.PAYMENT_CONFIRMATIONS) || (dev ? 1 : 12)),
    rateTolerance: decimal(env.PAYMENT_RATE_TOLERANCE, '0.02'),
    ftxUsdPrice: env.FTX_USD_PRICE ? decimal(env.FTX_USD_PRICE, '0') : null,
  };
}
