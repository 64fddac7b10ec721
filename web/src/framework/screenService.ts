// Typed calls of one {Service}Ws screen service through the app's API client: each through its
// contract's reference (packages/schemas framework/methods.ts screenRefs).
import type { ApiClient } from '../api/client.ts';
import { screenRefs } from '@payd/schemas';
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
  const m = screenRefs(service, entity);
  return {
    async loadInitPage(topN) {
      const r = await api.call(m.LoadInitPage, { options: { TopN: topN, FirstOrDefault: 'N' } });
      return { page: r.data, supporting: r.supportingData ?? {} };
    },
    async searchList(a) {
      return (await api.call(m.GetSearchList, { searchStr: a.searchStr, topN: a.topN, filterId: a.filterId }))
        .data;
    },
    async getById(keyId) {
      return (await api.call(m.ById, { keyId, options: {} })).data ?? {};
    },
    async getDtlById(keyId) {
      return (await api.call(m.DtlById, { keyId, options: {}, filterId: '' })).data ?? [];
    },
    async getAuthRow(keyId) {
      return (await api.call(m.GetAuthRow, keyId ? { keyId } : {})).data?.[0];
    },
    async getNewMst() {
      return (await api.call(m.GetNewMst, {})).data ?? {};
    },
    async getNewDtl() {
      return (await api.call(m.GetNewDtl, {})).data ?? {};
    },
    async saveData(body) {
      const r = await api.call(m.SaveData, body);
      return { mst: r.data?.mst ?? {}, message: r.message };
    },
    async delMst(mst) {
      const r = await api.call(m.DelMst, { mst, options: {} });
      return { message: r.message };
    },
    async dropdown(column, query) {
      return (await api.call(m.dropdown(column), { query, topN: 50 })).data ?? [];
    },
    async getDoc(mstId, docId, screenColumnName) {
      return (await api.call(m.GetDoc, { mstId, docId, isMaster: 'Y', screenColumnName })).data;
    },
    async getDocZip(keyId) {
      return (await api.call(m.GetDocZipDownload, { keyId, options: {} })).data;
    },
    async setScreenCriteria(values) {
      const criteriaValues = Object.entries(values).map(([id, v]) => ({
        ScreenCriId: Number(id),
        LastCriteria: v,
      }));
      return (await api.call(m.SetScreenCriteria, { criteriaValues })).data ?? [];
    },
    async criteriaChoices(screenCriId, query) {
      return (
        (await api.call(m.GetScreenCriteriaDdlList, { screenCriId, query, topN: 50, filterBy: null })).data ??
        []
      );
    },
  };
}
