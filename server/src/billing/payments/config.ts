// Settings of credit top-ups (issue 12), read from the environment beside ServerConfig:
//   PAYD_PAYMENT_WALLET   payd's wallet that receives ETH and FTX top-ups (chain 88: DEV_PAYMENT_WALLET)
//   CREDIT_USD            USD price of one credit (default 1)
//   CREDIT_DAILY_CHARGE   credits charged per validator per UTC day (Rates.CR, default 1)
//   PAYMENT_CONFIRMATIONS blocks a top-up transaction needs (chain 88: 1, else 12)
//   PAYMENT_RATE_TOLERANCE how far below the current price a paid amount may be (default 0.02 = 2%)
//   FTX_USD_PRICE         FTX/USD of the fixed price source (production; chain 88 reads its test feed).
//                         Unset in production: FTX payment is disabled (rate '0', GetFtxPayment refuses)
//   ETH_PRICE_MAX_AGE_S   oldest ETH/USD oracle round that prices a top-up (default 14400 = 4 h,
//                         PriceFeed's TIMEOUT)
//   ETH_PRICE_MAX_DEVIATION largest move of the ETH/USD round from the round before (default 0.5)
//   ETH_USD_MIN / ETH_USD_MAX, FTX_USD_MIN / FTX_USD_MAX  sane bounds of the prices (defaults
//                         10..1000000 and 0.000001..100000): outside them payment is disabled
import { getAddress, type Address } from 'viem';
import type { EthPriceRules, PriceBounds } from './priceCheck.ts';

/** Hardhat's well-known account #9: payd's wallet on the development chain. */
export const DEV_PAYMENT_WALLET: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

export interface PaymentsConfig {
  paymentWallet: Address | null;
  creditUsd: string;
  dailyCharge: string;
  confirmations: number;
  rateTolerance: string;
  ftxUsdPrice: string | null;
  eth: EthPriceRules;
  ftxBounds: PriceBounds;
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
    eth: {
      bounds: { min: decimal(env.ETH_USD_MIN, '10'), max: decimal(env.ETH_USD_MAX, '1000000') },
      maxAgeS: Math.max(1, Number(env.ETH_PRICE_MAX_AGE_S) || 14_400),
      maxDeviation: decimal(env.ETH_PRICE_MAX_DEVIATION, '0.5'),
    },
    ftxBounds: { min: decimal(env.FTX_USD_MIN, '0.000001'), max: decimal(env.FTX_USD_MAX, '100000') },
  };
}
