// The web's references to the billing contracts (contract/contract.ts `ref`), one object per
// service as the wire names it: typed by the contracts, free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const StakeAcctBalance = {
  GetBalance: ref<typeof c.getBalance>('StakeAcctBalance', 'GetBalance'),
} as const;

export const StakePayment = {
  GetRates: ref<typeof c.getRates>('StakePayment', 'GetRates'),
  GetPaymentSettings: ref<typeof c.getPaymentSettings>('StakePayment', 'GetPaymentSettings'),
  GetEthPayment: ref<typeof c.getEthPayment>('StakePayment', 'GetEthPayment'),
  GetFtxPayment: ref<typeof c.getFtxPayment>('StakePayment', 'GetFtxPayment'),
  GetPaymentHistory: ref<typeof c.getPaymentHistory>('StakePayment', 'GetPaymentHistory'),
} as const;

/** PaymentWs: card payments. */
export const Payment = {
  GetCardConfig: ref<typeof c.getCardConfig>('Payment', 'GetCardConfig'),
  Create: ref<typeof c.cardCreate>('Payment', 'Create'),
  GetStatus: ref<typeof c.cardGetStatus>('Payment', 'GetStatus'),
  LocalConfirm: ref<typeof c.cardLocalConfirm>('Payment', 'LocalConfirm'),
} as const;

export const StakeStmt = {
  GetStakeStmt5List: ref<typeof c.getStakeStmtList>('StakeStmt', 'GetStakeStmt5List'),
  GetDownloadLink: ref<typeof c.getDownloadLink>('StakeStmt', 'GetDownloadLink'),
  GetDocZipDownload: ref<typeof c.getDocZipDownload>('StakeStmt', 'GetDocZipDownload'),
} as const;

export const StakeCharge = {
  GetCreditBalance: ref<typeof c.getCreditBalance>('StakeCharge', 'GetCreditBalance'),
} as const;
