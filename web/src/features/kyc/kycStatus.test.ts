import { describe, expect, it } from 'vitest';
import {
  corporateState,
  declinedRedirect,
  isFullyApproved,
  isLocked,
  metamaskConfirmRedirect,
  supportRedirect,
  kycStatusView,
  kycTexts,
  personState,
  userOptionRedirect,
  welcomeRedirect,
  type KycRecordState,
  type StatusView,
} from './kycStatus.ts';

const rec = (status: string, liveness = 'Y', disclosures = 'Y', reason = ''): KycRecordState => ({
  status,
  liveness,
  disclosures,
  reason,
});
const shown = (d: ReturnType<typeof kycStatusView>): StatusView => {
  if (d.kind !== 'show') throw new Error(`redirected to ${d.to}`);
  return d;
};

describe('kyc status page: personal record', () => {
  it.each(['P1', 'p1', 'P3', 'P4'])('%s waits for review with the waitlist message', (s) => {
    const v = shown(kycStatusView(rec(s), null, false));
    expect(v.title).toBe('Status: Waiting for Review');
    expect(v.messages).toEqual([kycTexts.waitingMessage]);
    expect(v.dashboard).toBe(false);
  });

  it('P2 shows the reason and offers Fix Issues to /personal-detail', () => {
    const v = shown(kycStatusView(rec('P2', 'Y', 'Y', 'Blurry ID photo'), null, false));
    expect(v.title).toBe('Status: Problem With Data Collection');
    expect(v.messages).toEqual(["We've flagged the following issues:"]);
    expect(v.reason).toBe('Blurry ID photo');
    expect(v.action).toEqual({ label: 'Fix Issues', to: '/personal-detail' });
    expect(v.docAction?.to).toBe('/supporting-doc');
  });

  it('DE shows the declined message and the reason', () => {
    const v = shown(kycStatusView(rec('DE', 'Y', 'Y', 'Sanctions hit'), null, false));
    expect(v.title).toBe('Status: KYC Declined');
    expect(v.messages).toEqual(['KYC Declined, Please contact customer service for more detail.']);
    expect(v.reason).toBe('Sanctions hit');
    expect(v.dashboard).toBe(false);
  });

  it('AP with both steps done is approved with Go to Dashboard', () => {
    const v = shown(kycStatusView(rec('AP'), null, false));
    expect(v.title).toBe('Status: KYC Approved');
    expect(v.dashboard).toBe(true);
    expect(v.checklist.every((c) => c.done)).toBe(true);
  });

  it('AP in KYC-only mode shows the November message and no dashboard', () => {
    const v = shown(kycStatusView(rec('AP'), null, true));
    expect(v.title).toBe('Status: KYC Approved');
    expect(v.dashboard).toBe(false);
    expect(v.messages.join(' ')).toContain('November');
  });

  it.each(['N', ''])('AP with liveness %j is pending with a link to /liveness', (l) => {
    const v = shown(kycStatusView(rec('AP', l, 'Y'), null, false));
    expect(v.title).toBe('Status: Liveness Test Pending');
    expect(v.action?.to).toBe('/liveness');
    expect(v.dashboard).toBe(false);
    expect(v.checklist.find((c) => c.label === 'Liveness Test')).toEqual({
      label: 'Liveness Test',
      done: false,
      to: '/liveness',
    });
  });

  it.each(['N', ''])('AP with disclosures %j is not accepted with a link to /disclosures', (d) => {
    const v = shown(kycStatusView(rec('AP', 'Y', d), null, false));
    expect(v.title).toBe('Status: Risks & Disclosures NOT Accepted');
    expect(v.action?.to).toBe('/disclosures');
    expect(v.dashboard).toBe(false);
  });

  it('redirects: no status to /welcome, in-progress status without disclosures to /disclosures', () => {
    expect(kycStatusView(rec(''), null, false)).toEqual({ kind: 'redirect', to: '/welcome' });
    expect(kycStatusView(rec('P1', 'Y', ''), null, false)).toEqual({ kind: 'redirect', to: '/disclosures' });
    expect(kycStatusView(rec('P1', 'Y', 'N'), null, false)).toEqual({ kind: 'redirect', to: '/disclosures' });
    expect(kycStatusView(null, null, false)).toEqual({ kind: 'redirect', to: '/welcome' });
  });

  it('the checklist marks personal information done once submitted (not while P2)', () => {
    const items = shown(kycStatusView(rec('P1', 'N', 'Y'), null, false)).checklist;
    expect(items.map((i) => [i.label, i.done])).toEqual([
      ['Personal KYC information', true],
      ['Liveness Test', false],
      ['Risks and Disclosures', true],
    ]);
    const p2 = shown(kycStatusView(rec('P2'), null, false)).checklist;
    expect(p2[0]!.done).toBe(false);
  });
});

describe('kyc status page: corporate record', () => {
  it('without status goes to /welcome', () => {
    expect(kycStatusView(null, rec(''), false)).toEqual({ kind: 'redirect', to: '/welcome' });
  });
  it.each(['P1', 'p1', 'P3', 'P4'])('%s waits for review', (s) => {
    expect(shown(kycStatusView(null, rec(s, '', ''), false)).title).toBe('Status: Waiting for Review');
  });
  it('P2 flags the issues without a reason or Fix Issues', () => {
    const v = shown(kycStatusView(null, rec('P2', '', '', 'x'), false));
    expect(v.messages).toEqual(["We've flagged the issues with data collection."]);
    expect(v.reason).toBeUndefined();
    expect(v.action).toBeUndefined();
  });
  it('DE is declined', () => {
    expect(shown(kycStatusView(null, rec('DE', '', ''), false)).messages).toEqual([kycTexts.declinedMessage]);
  });
  it('AP is approved with a link to /corporate-detail; dashboard unless KYC-only', () => {
    const v = shown(kycStatusView(null, rec('AP', '', ''), false));
    expect(v.title).toBe('Status: KYC Approved');
    expect(v.action?.to).toBe('/corporate-detail');
    expect(v.dashboard).toBe(true);
    expect(shown(kycStatusView(null, rec('AP', '', ''), true)).dashboard).toBe(false);
  });
});

describe('welcome and user-option redirects', () => {
  it('welcome: AP with both steps goes to /metamask-confirm, or /kyc-Status in KYC-only mode', () => {
    expect(welcomeRedirect(rec('AP'), null, false)).toBe('/metamask-confirm');
    expect(welcomeRedirect(rec('AP'), null, true)).toBe('/kyc-Status');
    expect(welcomeRedirect(rec('AP', 'N'), null, false)).toBe('/kyc-Status');
    expect(welcomeRedirect(rec('P2'), null, false)).toBe('/kyc-Status');
    expect(welcomeRedirect(rec(''), null, false)).toBeNull();
    expect(welcomeRedirect(null, null, false)).toBeNull();
  });
  it('welcome: a corporate record alone decides by its status', () => {
    expect(welcomeRedirect(null, rec('AP', '', ''), false)).toBe('/metamask-confirm');
    expect(welcomeRedirect(null, rec('AP', '', ''), true)).toBe('/kyc-Status');
    expect(welcomeRedirect(null, rec('P1', '', ''), false)).toBe('/kyc-Status');
    expect(welcomeRedirect(null, rec('', '', ''), false)).toBeNull();
  });
  it('user option: AP with liveness to /metamask-confirm, other statuses to /kyc-Status', () => {
    expect(userOptionRedirect(rec('AP', 'Y', 'N'))).toBe('/metamask-confirm');
    expect(userOptionRedirect(rec('AP', 'N'))).toBe('/kyc-Status');
    expect(userOptionRedirect(rec('P1'))).toBe('/kyc-Status');
    expect(userOptionRedirect(rec(''))).toBeNull();
  });
  it('locks p1, P3, P4, AP and DE but not P1 or P2', () => {
    expect(['p1', 'P3', 'P4', 'AP', 'DE'].map(isLocked)).toEqual([true, true, true, true, true]);
    expect(['P1', 'P2', ''].map(isLocked)).toEqual([false, false, false]);
  });
  it('reads a wire row; an unsaved (new) record counts as none', () => {
    expect(personState({ KycPersonId15: '' })).toBeNull();
    expect(
      personState({ KycPersonId15: 7, InternalStatus15: 'P2', Reason15: 'r', LivenessPassed15: null }),
    ).toEqual({ status: 'P2', reason: 'r', liveness: '', disclosures: '' });
  });
});

describe('corporate records', () => {
  it('reads a KycCorporate16 row; a blank new row is no record', () => {
    expect(corporateState({ KycCorpId16: '' })).toBeNull();
    expect(corporateState(undefined)).toBeNull();
    expect(corporateState({ KycCorpId16: 4, InternalStatus16: 'P2', Reason16: 'x' })).toEqual({
      status: 'P2',
      reason: 'x',
      liveness: '',
      disclosures: '',
    });
  });
  it('the status page shows the corporate variants when there is no personal record', () => {
    const ap = shown(kycStatusView(null, rec('AP', '', ''), false));
    expect(ap.title).toBe('Status: KYC Approved');
    expect(ap.action).toEqual({ label: 'View Corporate Details', to: '/corporate-detail' });
    expect(ap.dashboard).toBe(true);
    expect(shown(kycStatusView(null, rec('P2'), false)).messages).toEqual([kycTexts.problemCorporate]);
    expect(shown(kycStatusView(null, rec('DE'), false)).title).toBe('Status: KYC Declined');
    expect(kycStatusView(null, rec(''), false)).toEqual({ kind: 'redirect', to: '/welcome' });
  });
});

describe('after approval', () => {
  it('is fully approved only with AP and, for a person, liveness and disclosures done', () => {
    expect(isFullyApproved(rec('AP'), null)).toBe(true);
    expect(isFullyApproved(rec('AP', 'N'), null)).toBe(false);
    expect(isFullyApproved(rec('AP', 'Y', ''), null)).toBe(false);
    expect(isFullyApproved(rec('P3'), null)).toBe(false);
    expect(isFullyApproved(null, rec('AP', '', ''))).toBe(true);
    // The personal record decides when both exist.
    expect(isFullyApproved(rec('P1'), rec('AP'))).toBe(false);
    expect(isFullyApproved(null, null)).toBe(false);
  });
  it('/metamask-confirm keeps a fully approved customer, sends others (and KYC-only mode) to the status page', () => {
    expect(metamaskConfirmRedirect(rec('AP'), null, false)).toBeNull();
    expect(metamaskConfirmRedirect(rec('AP'), null, true)).toBe('/kyc-Status');
    expect(metamaskConfirmRedirect(rec('AP', 'N'), null, false)).toBe('/kyc-Status');
    expect(metamaskConfirmRedirect(rec('DE'), null, false)).toBe('/kyc-Status');
    expect(metamaskConfirmRedirect(null, rec('AP'), false)).toBeNull();
    expect(metamaskConfirmRedirect(null, null, false)).toBe('/kyc-Status');
  });
  it('protected routes send a declined customer (personal, or corporate alone) to the status page', () => {
    expect(declinedRedirect(rec('DE'), null)).toBe('/kyc-status');
    expect(declinedRedirect(null, rec('DE'))).toBe('/kyc-status');
    for (const s of ['', 'P1', 'p1', 'P2', 'P3', 'P4', 'AP'])
      expect(declinedRedirect(rec(s), null)).toBeNull();
    expect(declinedRedirect(null, null)).toBeNull();
  });
});

describe('support request screen redirects', () => {
  it('a person not AP goes to /welcome, AP with liveness or disclosures not done to /kyc-status', () => {
    for (const s of ['', 'P1', 'P2', 'P3', 'DE']) expect(supportRedirect(rec(s), null)).toBe('/welcome');
    expect(supportRedirect(rec('AP', 'N'), null)).toBe('/kyc-status');
    expect(supportRedirect(rec('AP', 'Y', 'N'), null)).toBe('/kyc-status');
    expect(supportRedirect(rec('AP'), null)).toBeNull();
  });
  it('a corporate record not AP goes to /welcome; an AP one stays; no record goes to /welcome', () => {
    expect(supportRedirect(null, rec('P1'))).toBe('/welcome');
    expect(supportRedirect(null, rec('AP', '', ''))).toBeNull();
    expect(supportRedirect(null, null)).toBe('/welcome');
  });
});
