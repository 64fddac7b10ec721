// Pure KYC status decisions of spec 002 sections 2 and 4: what the status page shows (or where it
// redirects), where /welcome and /user-option send a customer who already has a status, and which
// statuses lock the personal-details and documents pages. The records' decision inputs and 'fully
// approved' are kycRecord.ts.

import { lockedKycStatuses } from '@payd/schemas';
import { deciding, isFullyApproved, yes, type KycRecordState } from './kycRecord.ts';

export { corporateState, isFullyApproved, personState, type KycRecordState } from './kycRecord.ts';

/** Statuses that lock the personal-details and documents pages (inputs disabled, save/continue hidden). */
export const lockedStatuses: readonly string[] = lockedKycStatuses;

export const kycTexts = {
  waitingTitle: 'Status: Waiting for Review',
  waitingMessage:
    'Thank you, your application is on our waitlist. We will send you an e-mail as soon as it has been approved.',
  problemTitle: 'Status: Problem With Data Collection',
  problemPersonal: "We've flagged the following issues:",
  problemCorporate: "We've flagged the issues with data collection.",
  declinedTitle: 'Status: KYC Declined',
  declinedMessage: 'KYC Declined, Please contact customer service for more detail.',
  approvedTitle: 'Status: KYC Approved',
  livenessPendingTitle: 'Status: Liveness Test Pending',
  disclosuresPendingTitle: 'Status: Risks & Disclosures NOT Accepted',
  approvedMessage: 'Your identity has been verified. Welcome to payd.',
  approvedCorporateMessage: 'Your business has been verified. Welcome to payd.',
  kycOnlyMessage:
    'Your KYC is approved. We are launching in November: please check back then to start staking.',
} as const;

export interface ChecklistItem {
  label: 'Personal KYC information' | 'Liveness Test' | 'Risks and Disclosures';
  done: boolean;
  /** Where to complete it (shown as a link when not done). */
  to: string;
}

export type StatusTone = 'waiting' | 'problem' | 'declined' | 'approved' | 'pending';

export interface StatusView {
  kind: 'show';
  tone: StatusTone;
  title: string;
  /** Paragraphs shown under the title. */
  messages: string[];
  /** The reviewer's reason (P2 personal and DE). */
  reason?: string;
  /** An action link the status offers (Fix Issues, the liveness or disclosures step, corporate details). */
  action?: { label: string; to: string };
  /** The document-fix action (P2 personal). */
  docAction?: { label: string; to: string };
  /** 'Go to Dashboard' shows only when approved, both steps done and not KYC-only. */
  dashboard: boolean;
  /** The checklist (personal records only). */
  checklist: ChecklistItem[];
}

export type StatusDecision = { kind: 'redirect'; to: string } | StatusView;

export function checklistOf(p: KycRecordState): ChecklistItem[] {
  return [
    { label: 'Personal KYC information', done: p.status !== '' && p.status !== 'P2', to: '/personal-detail' },
    { label: 'Liveness Test', done: yes(p.liveness), to: '/liveness' },
    { label: 'Risks and Disclosures', done: yes(p.disclosures), to: '/disclosures' },
  ];
}

/**
 * The /kyc-status page. `person`/`corporate` are null when the customer has no such record.
 * A personal record decides when it exists; the corporate one only when there is no personal record.
 * The '/disclosures' redirect applies while the record is in the wizard or under review (P1, p1, P2, P3,
 * P4): an approved or declined record shows its status (AP with disclosures pending links to them).
 */
export function kycStatusView(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
  kycOnly: boolean,
): StatusDecision {
  if (person) {
    const s = person.status;
    if (s === '') return { kind: 'redirect', to: '/welcome' };
    const checklist = checklistOf(person);
    if (s !== 'AP' && s !== 'DE' && !yes(person.disclosures)) return { kind: 'redirect', to: '/disclosures' };
    if (s === 'P2') {
      return {
        kind: 'show',
        tone: 'problem',
        title: kycTexts.problemTitle,
        messages: [kycTexts.problemPersonal],
        reason: person.reason,
        action: { label: 'Fix Issues', to: '/personal-detail' },
        docAction: { label: 'Fix Documents', to: '/supporting-doc' },
        dashboard: false,
        checklist,
      };
    }
    if (s === 'DE') {
      return {
        kind: 'show',
        tone: 'declined',
        title: kycTexts.declinedTitle,
        messages: [kycTexts.declinedMessage],
        reason: person.reason,
        dashboard: false,
        checklist,
      };
    }
    if (s === 'AP') {
      if (!yes(person.liveness)) {
        return {
          kind: 'show',
          tone: 'pending',
          title: kycTexts.livenessPendingTitle,
          messages: ['Your KYC is approved. Please complete the liveness test to continue.'],
          action: { label: 'Take the Liveness Test', to: '/liveness' },
          dashboard: false,
          checklist,
        };
      }
      if (!yes(person.disclosures)) {
        return {
          kind: 'show',
          tone: 'pending',
          title: kycTexts.disclosuresPendingTitle,
          messages: ['Your KYC is approved. Please read and accept the risks and disclosures to continue.'],
          action: { label: 'Review Risks and Disclosures', to: '/disclosures' },
          dashboard: false,
          checklist,
        };
      }
      return {
        kind: 'show',
        tone: 'approved',
        title: kycTexts.approvedTitle,
        messages: [kycOnly ? kycTexts.kycOnlyMessage : kycTexts.approvedMessage],
        dashboard: !kycOnly,
        checklist,
      };
    }
    return {
      kind: 'show',
      tone: 'waiting',
      title: kycTexts.waitingTitle,
      messages: [kycTexts.waitingMessage],
      dashboard: false,
      checklist,
    };
  }
  if (corporate) {
    const s = corporate.status;
    if (s === '') return { kind: 'redirect', to: '/welcome' };
    const base = { kind: 'show' as const, dashboard: false, checklist: [] };
    if (s === 'P2')
      return {
        ...base,
        tone: 'problem',
        title: kycTexts.problemTitle,
        messages: [kycTexts.problemCorporate],
      };
    if (s === 'DE')
      return {
        ...base,
        tone: 'declined',
        title: kycTexts.declinedTitle,
        messages: [kycTexts.declinedMessage],
      };
    if (s === 'AP') {
      return {
        ...base,
        tone: 'approved',
        title: kycTexts.approvedTitle,
        messages: [kycOnly ? kycTexts.kycOnlyMessage : kycTexts.approvedCorporateMessage],
        action: { label: 'View Corporate Details', to: '/corporate-detail' },
        dashboard: !kycOnly,
      };
    }
    return { ...base, tone: 'waiting', title: kycTexts.waitingTitle, messages: [kycTexts.waitingMessage] };
  }
  return { kind: 'redirect', to: '/welcome' };
}

/** /welcome: where a customer who already has a status goes (null: stay and start onboarding). */
export function welcomeRedirect(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
  kycOnly: boolean,
): string | null {
  if (person && person.status !== '') {
    if (person.status === 'AP' && yes(person.liveness) && yes(person.disclosures))
      return kycOnly ? '/kyc-Status' : '/metamask-confirm';
    return '/kyc-Status';
  }
  if (!person && corporate && corporate.status !== '') {
    if (corporate.status === 'AP') return kycOnly ? '/kyc-Status' : '/metamask-confirm';
    return '/kyc-Status';
  }
  return null;
}

/** /user-option: a personal record with a status leaves the page. */
export function userOptionRedirect(person: KycRecordState | null): string | null {
  if (!person || person.status === '') return null;
  return person.status === 'AP' && yes(person.liveness) ? '/metamask-confirm' : '/kyc-Status';
}

export function isLocked(status: string): boolean {
  return lockedStatuses.includes(status);
}

/**
 * The support request screen (spec 002 section 2): a person with a status other than AP goes to
 * /welcome, one with liveness or disclosures not done to /kyc-status; a corporate record not AP
 * goes to /welcome; no record at all goes to /welcome.
 */
export function supportRedirect(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
): string | null {
  const d = deciding(person, corporate);
  if (!d || d.state.status !== 'AP') return '/welcome';
  if (d.kind === 'person' && !(yes(d.state.liveness) && yes(d.state.disclosures))) return '/kyc-status';
  return null;
}

/**
 * /metamask-confirm is the step after approval: only a fully approved customer outside KYC-only
 * mode stays; everyone else sees their status page (which sends them on where they belong).
 */
export function metamaskConfirmRedirect(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
  kycOnly: boolean,
): string | null {
  return !kycOnly && isFullyApproved(person, corporate) ? null : '/kyc-Status';
}

/** Protected routes: a declined customer (DE) is sent to the KYC status page, which says so. */
export function declinedRedirect(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
): string | null {
  const d = deciding(person, corporate);
  return d?.state.status === 'DE' ? '/kyc-status' : null;
}
