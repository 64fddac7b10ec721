// Typed calls of one {Service}Ws screen service through the app's API client.
import type { ApiClient } from '../api/client.ts';
import type {
  AuthRow,
  Choice,
  DocumentZip,
  DocumentContent,
  InitPage,
  ScreenCriterion,
  SearchList,
  SupportingData,
  WireRow,
} from '@payd/schemas';

export interface SearchArgs {
  searchStr: string;
  topN: number;
  /** ScreenFilterId as a string ('' for none). */
  filterId: string;
}

export interface ScreenService {
  loadInitPage(topN: number): Promise<{ page: InitPage; supporting: SupportingData }>;
  searchList(args: SearchArgs): Promise<SearchList>;
  getById(keyId: string): Promise<WireRow>;
  getDtlById(keyId: string): Promise<WireRow[]>;
  getAuthRow(keyId?: string): Promise<AuthRow | undefined>;
  getNewMst(): Promise<WireRow>;
  getNewDtl(): Promise<WireRow>;
  saveData(body: {
    mst: WireRow;
    dtl: WireRow[];
    options: object;
  }): Promise<{ mst: WireRow; message?: string }>;
  delMst(mst: WireRow): Promise<{ message?: string }>;
  dropdown(column: string, query: string): Promise<Choice[]>;
  getDoc(mstId: string, docId: number, screenColumnName: string): Promise<DocumentContent>;
  /** Every document of a record in one zip (GetDocZipDownload). */
  getDocZip(keyId: string): Promise<DocumentZip>;
  /** Saves the caller's criteria of the screen (SetScreenCriteria); returns them as stored. */
  setScreenCriteria(values: Record<string, string>): Promise<ScreenCriterion[]>;
  /** Choices of a criterion with a dropdown (GetScreenCriteriaDdlList). */
  criteriaChoices(screenCriId: number, query: string): Promise<Choice[]>;
}

export function screenService(api: ApiClient, service: string, entity: string): ScreenService {
  const call = async <T>(method: string, body: object = {}) => api.call<T>(service, method, body);
  return {
    async loadInitPage(topN) {
      const r = await call<InitPage>('LoadInitPage', { options: { TopN: topN, FirstOrDefault: 'N' } });
      return { page: r.data!, supporting: (r.supportingData ?? {}) as SupportingData };
    },
    async searchList(a) {
      return (
        await call<SearchList>('GetSearchList', {
          searchStr: a.searchStr,
          topN: a.topN,
          filterId: a.filterId,
        })
      ).data!;
    },
    async getById(keyId) {
      return (await call<WireRow>(`Get${entity}ById`, { keyId, options: {} })).data ?? {};
    },
    async getDtlById(keyId) {
      return (await call<WireRow[]>(`Get${entity}DtlById`, { keyId, options: {}, filterId: '' })).data ?? [];
    },
    async getAuthRow(keyId) {
      return (await call<AuthRow[]>('GetAuthRow', keyId ? { keyId } : {})).data?.[0];
    },
    async getNewMst() {
      return (await call<WireRow>('GetNewMst')).data ?? {};
    },
    async getNewDtl() {
      return (await call<WireRow>('GetNewDtl')).data ?? {};
    },
    async saveData(body) {
      const r = await call<{ mst: WireRow }>('SaveData', body);
      return { mst: r.data?.mst ?? {}, message: r.message };
    },
    async delMst(mst) {
      const r = await call('DelMst', { mst, options: {} });
      return { message: r.message };
    },
    async dropdown(column, query) {
      return (await call<Choice[]>(`Get${column}List`, { query, topN: 50 })).data ?? [];
    },
    async getDoc(mstId, docId, screenColumnName) {
      return (await call<DocumentContent>('GetDoc', { mstId, docId, isMaster: 'Y', screenColumnName })).data!;
    },
    async getDocZip(keyId) {
      return (await call<DocumentZip>('GetDocZipDownload', { keyId, options: {} })).data!;
    },
    async setScreenCriteria(values) {
      const criteriaValues = Object.entries(values).map(([id, v]) => ({
        ScreenCriId: Number(id),
        LastCriteria: v,
      }));
      return (await call<ScreenCriterion[]>('SetScreenCriteria', { criteriaValues })).data ?? [];
    },
    async criteriaChoices(screenCriId, query) {
      return (
        (await call<Choice[]>('GetScreenCriteriaDdlList', { screenCriId, query, topN: 50, filterBy: null }))
          .data ?? []
      );
    },
  };
}
