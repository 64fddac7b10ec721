// What the wallet (staking) pages say to a customer whose KYC is not approved yet, instead of
// asking for a wallet (issue 17): under review, a problem to fix, steps left, or not started, each
// with what to do and the link to do it. Declined customers are sent to the status page, which
// says so (declinedRedirect). Approved (AP) opens them, as the server's staking rules do; a
// liveness test or disclosures still to do are asked for on the status page. Pure; tested in
// kycGate.test.ts.
import { kycTexts, type KycRecordState } from './kycStatus.ts';

export interface WalletPagesNotice {
  tone: 'waiting' | 'problem' | 'start';
  title: string;
  message: string;
  action: { label: string; to: string };
}

export const kycGateTexts = {
  startTitle: 'Verify your identity first',
  start:
    'Staking opens once your identity is verified (KYC): a few personal details, your documents and a quick liveness test.',
  waiting:
    'Your KYC is being reviewed. Staking opens as soon as it is approved: we will send you an e-mail then.',
  problem: 'Your KYC needs a fix before you can stake: the status page says what to change.',
} as const;

/**
 * The notice the wallet pages show instead of themselves, or null when they open (approved; or
 * declined, which the status page explains).
 */
export function walletPagesNotice(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
): WalletPagesNotice | null {
  const record = person ?? corporate;
  const status = record?.status ?? '';
  if (status === 'AP' || status === 'DE') return null;
  if (status === '')
    return {
      tone: 'start',
      title: kycGateTexts.startTitle,
      message: kycGateTexts.start,
      action: { label: 'Start KYC', to: '/welcome' },
    };
  if (status === 'P2')
    return {
      tone: 'problem',
      title: kycTexts.problemTitle,
      message: kycGateTexts.problem,
      action: { label: 'View KYC status', to: '/kyc-status' },
    };
  return {
    tone: 'waiting',
    title: kycTexts.waitingTitle,
    message: kycGateTexts.waiting,
    action: { label: 'View KYC status', to: '/kyc-status' },
  };
}
