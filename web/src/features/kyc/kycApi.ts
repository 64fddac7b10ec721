// The customer's own KYC records through KycPersonWs (the framework's common operations; the server
// scopes every call to the caller's own rows). The mst id '!' (or none) means "my record, if any".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KycPerson, screenRefs } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import type { ApiClient } from '../../api/client.ts';

export type KycRow = Record<string, unknown>;
export interface Choice {
  key: string;
  label: string;
}

export const KYC_PERSON = 'KycPerson';
/** The framework's methods of the customer's personal and business records and support requests. */
export const kycPersonScreen = screenRefs<KycRow>(KYC_PERSON, 'KycPerson15');
export const kycPersonKey = (mstId: string) => ['kyc', 'person', mstId] as const;

/** The customer's personal record: by id, or the first (only) own row; a new blank row when none. */
export async function loadPerson(api: ApiClient, mstId: string | undefined): Promise<KycRow> {
  if (mstId && mstId !== '!') {
    const r = await api.call(kycPersonScreen.ById, { keyId: mstId, options: {} });
    return r.data ?? {};
  }
  const r = await api.call(kycPersonScreen.LoadInitPage, {
    options: { FirstOrDefault: 'Y', SkipMetaData: 'Y', SkipSupportingData: 'Y', TopN: 1 },
  });
  return r.data?.Mst ?? {};
}

export function usePersonRecord(mstId?: string) {
  const api = useApi();
  return useQuery({
    queryKey: kycPersonKey(mstId ?? '!'),
    queryFn: () => loadPerson(api, mstId),
    staleTime: 0,
  });
}

export function useInvalidatePerson() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['kyc', 'person'] });
}

/** The dropdown columns of the personal form and their lookup methods (Get{Column}List). */
export const personDropdowns = [
  'GenderCd15',
  'NationalityId15',
  'CountryOfResId15',
  'CountryOfBirthId15',
  'IndustryId15',
  'OccupationId15',
  'SourceOfFundsId15',
  'SourceOfWealthId15',
  'PurposeId15',
  'IdTypeId15',
  'IdIssueCountryId15',
] as const;
export type PersonDropdown = (typeof personDropdowns)[number];

/** All lookups of the form in one go (each list the server has; an empty list when it has none). */
export function usePersonLookups() {
  const api = useApi();
  return useQuery({
    queryKey: ['kyc', 'person', 'lookups'],
    queryFn: async () => {
      const entries = await Promise.all(
        personDropdowns.map(async (col) => {
          const r = await api.call(kycPersonScreen.dropdown(col), { query: '', topN: 500 });
          return [col, r.data ?? []] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<PersonDropdown, Choice[]>;
    },
    staleTime: 10 * 60_000,
  });
}

export const KYC_CORPORATE = 'KycCorporate';
export const SUPPORT_REQUEST = 'SupportRequest';
export const kycCorporateScreen = screenRefs<KycRow>(KYC_CORPORATE, 'KycCorporate16');
export const supportRequestScreen = screenRefs<KycRow>(SUPPORT_REQUEST, 'SupportRequest51');
export const kycCorporateKey = (mstId: string) => ['kyc', 'corporate', mstId] as const;

/** The customer's business record with its related persons (Dtl) and the dropdown lists. */
export interface CorporateLoad {
  mst: KycRow;
  dtl: KycRow[];
  /** Get{Column}List → the column's choices (KycCorporateWs supporting data). */
  lists: Record<string, Choice[]>;
}

/** The customer's corporate record (own first row; a new blank row when none). */
export async function loadCorporate(
  api: ApiClient,
  mstId: string | undefined,
  withLists = false,
): Promise<CorporateLoad> {
  const r = await api.call(kycCorporateScreen.LoadInitPage, {
    options: {
      FirstOrDefault: 'Y',
      SkipMetaData: 'Y',
      SkipSupportingData: withLists ? 'N' : 'Y',
      TopN: 1,
      ...(mstId && mstId !== '!' ? { MstId: mstId } : {}),
    },
  });
  return { mst: r.data?.Mst ?? {}, dtl: r.data?.Dtl ?? [], lists: r.supportingData ?? {} };
}

export function useCorporateRecord(mstId?: string, withLists = false) {
  const api = useApi();
  return useQuery({
    queryKey: [...kycCorporateKey(mstId ?? '!'), withLists],
    queryFn: () => loadCorporate(api, mstId, withLists),
    staleTime: 0,
  });
}

/**
 * Both KYC records of the customer, for the pages that decide on either (welcome, status, support).
 * A personal mst id selects the personal record; the corporate one is the customer's own.
 */
export function useKycRecords(mstId?: string) {
  const person = usePersonRecord(mstId);
  const corporate = useCorporateRecord();
  return {
    isPending: person.isPending || corporate.isPending,
    isError: person.isError || corporate.isError,
    person: person.data,
    corporate: corporate.data?.mst,
  };
}

/** Step 4 of 4: accept the risks and disclosures on the own record (also once it is locked). */
export async function acceptDisclosures(api: ApiClient, keyId: unknown): Promise<void> {
  const id = typeof keyId === 'number' || typeof keyId === 'string' ? keyId : '';
  await api.call(KycPerson.AcceptDisclosures, { keyId: id });
}

/** The business account request: the server mails the company team with the login name. */
export async function sendBusinessRequest(api: ApiClient, emailAddress: string): Promise<boolean> {
  const r = await api.call(KycPerson.SendBusinessAccountRequestEmail, { emailAddress });
  return r.data === 'success';
}
