// The decision inputs of a customer's KYC records (KycPerson15 / KycCorporate16) and whether they
// open the wallet pages: apart from the status page's texts (kycStatus.ts), for the onboarding
// progress that the lending pages and the landing pages read.

/** The parts of a KycPerson15 / KycCorporate16 record the decisions read. */
export interface KycRecordState {
  /** InternalStatus15 / InternalStatus16 ('' when none). */
  status: string;
  /** Reason15 (personal only). */
  reason: string;
  /** LivenessPassed15: 'Y', 'N' or ''. */
  liveness: string;
  /** DisclosuresChked15: 'Y', 'N' or ''. */
  disclosures: string;
}

/** 'Y' of a flag field. */
export const yes = (v: string) => v === 'Y';

/** The decision inputs of a KycPerson15 wire row (null when the customer has no saved record). */
export function personState(row: Record<string, unknown> | null | undefined): KycRecordState | null {
  if (!row) return null;
  const id = row.KycPersonId15;
  if (id === undefined || id === null || id === '') return null;
  const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return {
    status: s(row.InternalStatus15),
    reason: s(row.Reason15),
    liveness: s(row.LivenessPassed15),
    disclosures: s(row.DisclosuresChked15),
  };
}

/** The decision inputs of a KycCorporate16 wire row (null when the customer has no business record). */
export function corporateState(row: Record<string, unknown> | null | undefined): KycRecordState | null {
  if (!row) return null;
  const id = row.KycCorpId16;
  if (id === undefined || id === null || id === '') return null;
  const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return { status: s(row.InternalStatus16), reason: s(row.Reason16), liveness: '', disclosures: '' };
}

/** The record that decides: the personal one when it exists, else the corporate one. */
export function deciding(
  person: KycRecordState | null,
  corporate: KycRecordState | null,
): { kind: 'person' | 'corporate'; state: KycRecordState } | null {
  if (person) return { kind: 'person', state: person };
  if (corporate) return { kind: 'corporate', state: corporate };
  return null;
}

/** KYC approved and, for a person, liveness and disclosures done: the wallet pages are open. */
export function isFullyApproved(person: KycRecordState | null, corporate: KycRecordState | null): boolean {
  const d = deciding(person, corporate);
  if (!d || d.state.status !== 'AP') return false;
  return d.kind === 'corporate' || (yes(d.state.liveness) && yes(d.state.disclosures));
}
