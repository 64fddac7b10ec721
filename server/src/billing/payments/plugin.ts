// Credit top-ups by ETH and FTX, the rates, the balance and the payment history (issue 12, spec
// 001 'Payment page', sections 5, 7, 9). Registered by billing/plugin.ts; tests build it with
// createPaymentsFeature and their own chain and price sources.
import {
  getBalance,
  RATE_CHANGED_MESSAGE,
  type EthPaymentBody,
  type FtxPaymentBody,
  getRates,
  getPaymentSettings,
  getEthPayment,
  getFtxPayment,
  getPaymentHistory,
} from '@payd/schemas';
import { readPaymentTransaction } from '@payd/protocol';
import type { Hex } from 'viem';
import type { FeatureDeps, FeaturePlugin } from '../../featureDeps.ts';
import { accessDenied, failed } from '../../wire/errors.ts';
import { implement } from '../../wire/implement.ts';
import { registerMethods, type MethodContext, type MethodDefinition } from '../../wire/method.ts';
import { billingNow, type BillingNow } from '../statements/billingClock.ts';
import { balanceRecord, validatorCount } from './balance.ts';
import { bookCryptoPayment, isBooked, registeredWallet } from './book.ts';
import { paymentHistory } from './history.ts';
import { ratesFrom, rateSources, type RateSources } from './rates.ts';
import { checkPayment, PaymentMessages, rateUnavailable } from './verify.ts';

export interface PaymentsOptions {
  /** Chain, price sources and settings; default from the environment (rates.ts rateSources). */
  sources?: RateSources;
  /** The billing clock the charges follow; default billingNow(clock, config). */
  now?: BillingNow;
}

const userId = (ctx: MethodContext) => {
  if (!ctx.user) throw accessDenied();
  return ctx.user.usrId;
};

/**
 * The error code of a refused payment: 'pending' (too few confirmations yet: the browser asks
 * again later with the same hash), 'rateChanged', or 'refused'.
 */
function problemCode(problem: string): string {
  if (problem === PaymentMessages.pending) return 'pending';
  return problem === RATE_CHANGED_MESSAGE ? 'rateChanged' : 'refused';
}

type CryptoBody = (EthPaymentBody & { currency: 'ETH' }) | (FtxPaymentBody & { currency: 'FTX' });

async function payByCrypto(deps: FeatureDeps, s: RateSources, usrId: number, b: CryptoBody) {
  const { db, clock } = deps;
  const paydWallet = s.config.paymentWallet;
  const chain = await s.chain().catch(() => null);
  if (!paydWallet || !chain) throw failed('unavailable', PaymentMessages.unavailable);
  if (b.fintruxWallet.toLowerCase() !== paydWallet.toLowerCase())
    throw failed('wrongRecipient', PaymentMessages.wrongRecipient);
  if (
    b.currency === 'FTX' &&
    b.ftxTokenAddress.toLowerCase() !== chain.deployment.addresses.ftxToken.toLowerCase()
  )
    throw failed('wrongRecipient', PaymentMessages.wrongRecipient);
  const wallet = await registeredWallet(db, usrId);
  if (!wallet) throw failed('noWallet', PaymentMessages.noWallet);
  if (wallet.address.toLowerCase() !== b.walletAddress.toLowerCase())
    throw failed('otherWallet', PaymentMessages.otherWallet);
  if (await isBooked(db, b.txHash)) throw failed('duplicate', PaymentMessages.duplicate);
  // The server's own rate, never the browser's: without a usable one nothing is priced or booked.
  const rates = await ratesFrom(s);
  const noRate = rateUnavailable(rates, b.currency);
  if (noRate) throw failed('rateUnavailable', noRate);
  const [tx, validators] = await Promise.all([
    readPaymentTransaction(chain, b.txHash.toLowerCase() as Hex),
    validatorCount(db, usrId),
  ]);
  const amount = b.currency === 'ETH' ? b.ethAmt : b.ftxAmt;
  const problem = checkPayment(tx, {
    currency: b.currency,
    wallet: wallet.address,
    paydWallet,
    amount,
    credits: b.creditAmt,
    confirmations: s.config.confirmations,
    rates,
    validators,
    tolerance: s.config.rateTolerance,
  });
  if (problem) throw failed(problemCode(problem), problem);
  const pmtId = await bookCryptoPayment(db, {
    usrId,
    walletId: wallet.id,
    type: b.currency === 'ETH' ? 'E' : 'T',
    amount,
    credits: b.creditAmt,
    txHash: b.txHash,
    paidOn: clock.now(),
  });
  if (pmtId === null) throw failed('duplicate', PaymentMessages.duplicate);
  return { PmtId4: pmtId, CreditAmt4: b.creditAmt };
}

export function paymentMethods(deps: FeatureDeps, s: RateSources, now: BillingNow): MethodDefinition[] {
  const limit = { max: 30, timeWindow: 60_000 };
  return [
    implement(getRates, async () => ratesFrom(s)),
    implement(getPaymentSettings, async () => {
      const chain = await s.chain().catch(() => null);
      return {
        fintruxWallet: s.config.paymentWallet,
        ftxTokenAddress: chain?.deployment.addresses.ftxToken ?? null,
        chainId: deps.config.chainId,
        confirmations: s.config.confirmations,
      };
    }),
    implement(getEthPayment, async (b, ctx) => payByCrypto(deps, s, userId(ctx), { ...b, currency: 'ETH' }), {
      rateLimit: limit,
    }),
    implement(getFtxPayment, async (b, ctx) => payByCrypto(deps, s, userId(ctx), { ...b, currency: 'FTX' }), {
      rateLimit: limit,
    }),
    implement(getPaymentHistory, async (b, ctx) => paymentHistory(deps.db, userId(ctx), b.page, b.pageSize)),
    implement(getBalance, async (_b, ctx) => {
      // 'This month' on the clock the charges are made by (on chain 88 the dev chain's).
      const record = await balanceRecord(deps.db, userId(ctx), await now(), s.config.dailyCharge);
      return { Dtl: [record], dtl: [record] };
    }),
  ];
}

export function createPaymentsFeature(o: PaymentsOptions = {}): FeaturePlugin {
  return async (fastify, deps) => {
    const sources = o.sources ?? rateSources(deps);
    const now = o.now ?? billingNow(deps.clock, deps.config);
    registerMethods(fastify, paymentMethods(deps, sources, now), deps.methods);
  };
}

export const paymentsFeature: FeaturePlugin = createPaymentsFeature();
