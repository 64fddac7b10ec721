// The definition-to-operation engine: one ScreenEngine per screen definition serves every
// common operation of its {Service}Ws, with authorisation decided here on the server (screen
// flags per role, column visibility and read-only, row scope, row rules). Each operation lives
// in a module of plain functions over the screen (README 'Engine modules'); this class only
// wires them to one definition and its dependencies.
import type { SQL } from 'drizzle-orm';
import type {
  AuthCol,
  AuthRow,
  ButtonHlp,
  Choice,
  DocumentContent,
  DocumentZip,
  ScreenCriterion,
  ScreenFilter,
  ScreenHlp,
  ScreenLabel,
  SearchList,
  SearchListItem,
  StatusHistoryEntry,
} from '@payd/schemas';
import type { AccessRule, Caller, ColumnDef, ScreenDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { readLabels, type Label } from './labels.ts';
import type { Executor } from './sqlText.ts';
import * as access from './access.ts';
import { screenContext, yn, type EngineDeps, type ScreenCtx } from './screenContext.ts';
import { screenCriteria, setScreenCriteria, type CriteriaInput } from './criteria.ts';
import { searchList, type SearchListArgs } from './searchQuery.ts';
import { getById, getColumnContent, getDtlById, type DtlOptions } from './detailQuery.ts';
import { criteriaDdlList, dropdown, dropdownColumns, refColumnContent } from './dropdowns.ts';
import { delMst, saveData, type SaveBody } from './saveRecord.ts';
import * as documents from './documents.ts';
import { newDetail, newMaster, screenButtons, screenFilters, screenHelp, screenLabels } from './metadata.ts';
import { statusHistory } from './statusHistory.ts';
import { loadStored } from './storedRow.ts';

export { CONFLICT_MESSAGE } from './writeChecks.ts';
export { NOT_FOUND_MESSAGE } from './access.ts';
export { COUNT_CAP, type SearchListArgs } from './searchQuery.ts';
export type { CriteriaInput } from './criteria.ts';
export type { EngineDeps } from './screenContext.ts';
export { docJsonInput, parseDocJson } from './docJson.ts';
/** Largest document accepted by AddDocColumnContent (spec 002: 10 MB). */
export { MAX_DOC_BYTES } from './docContent.ts';

export class ScreenEngine {
  readonly def: ScreenDef;
  private readonly ctx: ScreenCtx;

  constructor(def: ScreenDef, deps: EngineDeps) {
    this.def = def;
    this.ctx = screenContext(def, deps);
  }

  // ---- authorisation (access.ts) ---------------------------------------------------------

  /** The caller's screen flags, or 403 when the role has no access to this screen. */
  access(caller: Caller): AccessRule {
    return access.accessRule(this.def, caller);
  }

  visible(c: ColumnDef, caller: Caller): boolean {
    return access.visible(c, caller);
  }

  writable(c: ColumnDef, caller: Caller, rule: AccessRule): boolean {
    return access.writable(c, caller, rule);
  }

  /** Row scope: the rows a caller reaches (all, or their own by user id or registered wallet). */
  scopeWhere(caller: Caller, rule: AccessRule, alias = 'm'): SQL {
    return access.scopeWhere(this.def, caller, rule, alias);
  }

  getAuthCol(caller: Caller): AuthCol[] {
    return access.authCols(this.def, caller);
  }

  /** Screen flags, narrowed by the row rule when a record is named. */
  async getAuthRow(caller: Caller, keyId?: string | number): Promise<AuthRow[]> {
    const rule = this.access(caller);
    let allowUpd = access.canUpd(rule);
    let allowDel = access.canDel(rule);
    if (keyId !== undefined && keyId !== '' && keyId !== '!') {
      const stored = await loadStored(this.ctx, this.ctx.db, caller, rule, keyId, false);
      if (!stored) throw access.notFoundOrDenied(rule);
      ({ allowUpd, allowDel } = access.rowFlags(this.def, stored, caller, rule));
    }
    return [
      {
        AllowAdd: yn(access.canAdd(rule)),
        AllowUpd: yn(allowUpd),
        AllowDel: yn(allowDel),
        ViewOnly: yn(rule.viewOnly),
        RowScope: rule.rows,
      },
    ];
  }

  // ---- metadata (metadata.ts, criteria.ts) ------------------------------------------------

  getScreenLabel(caller: Caller, cultureId: number): Promise<ScreenLabel[]> {
    return screenLabels(this.ctx, caller, cultureId);
  }

  async getLabels(caller: Caller, cultureId: number, labelCat: string, system: boolean): Promise<Label[]> {
    this.access(caller);
    return readLabels(this.ctx.db, cultureId, labelCat, system);
  }

  getScreenButtonHlp(caller: Caller, cultureId: number): Promise<ButtonHlp[]> {
    return screenButtons(this.ctx, caller, cultureId);
  }

  getScreenHlp(caller: Caller, cultureId: number): Promise<ScreenHlp> {
    return screenHelp(this.ctx, caller, cultureId);
  }

  getScreenCriteria(caller: Caller, cultureId: number): Promise<ScreenCriterion[]> {
    return screenCriteria(this.ctx, caller, cultureId);
  }

  getScreenFilter(caller: Caller, cultureId: number): Promise<ScreenFilter[]> {
    return screenFilters(this.ctx, caller, cultureId);
  }

  getNewMst(caller: Caller): Record<string, WireValue> {
    return newMaster(this.def, caller);
  }

  getNewDtl(caller: Caller): Record<string, WireValue> {
    return newDetail(this.def, caller);
  }

  setScreenCriteria(
    caller: Caller,
    criteriaValues: CriteriaInput,
    cultureId = 1,
  ): Promise<ScreenCriterion[]> {
    return setScreenCriteria(this.ctx, caller, criteriaValues, cultureId);
  }

  // ---- reading (searchQuery.ts, detailQuery.ts) --------------------------------------------

  getSearchList(caller: Caller, args: SearchListArgs): Promise<SearchList> {
    return searchList(this.ctx, caller, args);
  }

  async getList(caller: Caller, args: SearchListArgs): Promise<SearchListItem[]> {
    return (await this.getSearchList(caller, args)).data;
  }

  getById(caller: Caller, keyId: string | number) {
    return getById(this.ctx, caller, keyId);
  }

  getDtlById(caller: Caller, keyId: string | number, filterId?: string, options?: DtlOptions) {
    return getDtlById(this.ctx, caller, keyId, filterId, options);
  }

  /** One column's value of a reachable row (content loaded on demand, e.g. a picture). */
  getColumnContent(
    caller: Caller,
    args: { mstId: string | number; dtlId?: string | number; screenColumnName: string; isMaster?: unknown },
  ) {
    return getColumnContent(this.ctx, caller, args);
  }

  // ---- dropdowns (dropdowns.ts) ------------------------------------------------------------

  dropdownColumns(): ColumnDef[] {
    return dropdownColumns(this.ctx);
  }

  dropdown(
    caller: Caller,
    columnName: string,
    args: { query?: string; topN?: number; filterBy?: unknown },
  ): Promise<Choice[]> {
    return dropdown(this.ctx, caller, columnName, args);
  }

  getScreenCriteriaDdlList(
    caller: Caller,
    args: { screenCriId: number | string; query?: string; topN?: number; filterBy?: unknown },
  ): Promise<Choice[]> {
    return criteriaDdlList(this.ctx, caller, args);
  }

  /** The reference record a dropdown value points at (its key and text). */
  getRefColumnContent(
    caller: Caller,
    args: { mstId?: string | number; refKeyId: string | number; refScreenColumnName: string },
  ) {
    return refColumnContent(this.ctx, caller, args);
  }

  // ---- writing (saveRecord.ts) -------------------------------------------------------------

  saveData(caller: Caller, body: SaveBody) {
    return saveData(this.ctx, caller, body);
  }

  delMst(caller: Caller, body: { mst: Record<string, unknown> }) {
    return delMst(this.ctx, caller, body);
  }

  // ---- documents (documents.ts) ------------------------------------------------------------

  /** A document column the caller sees (403 otherwise). */
  documentColumn(caller: Caller, name: string): documents.DocumentColumn {
    return documents.documentColumn(this.ctx, caller, name);
  }

  /** Inside a transaction: locks the record whose documents the caller changes and checks that
   * they may; returns the record's key. A record out of scope answers like a missing one. */
  lockForDocWrite(tx: Executor, caller: Caller, mstId: string | number, c: ColumnDef): Promise<WireValue> {
    return documents.lockForDocWrite(this.ctx, tx, caller, mstId, c);
  }

  /** Refuses one more document when the column already holds its maximum. */
  checkDocCount(tx: Executor, c: ColumnDef, mstKey: WireValue, adding = 1): Promise<void> {
    return documents.checkDocCount(this.ctx, tx, c, mstKey, adding);
  }

  addDocColumnContent(
    caller: Caller,
    args: { mstId: string | number; screenColumnName: string; docJson: unknown },
  ) {
    return documents.addDocColumnContent(this.ctx, caller, args);
  }

  getDoc(
    caller: Caller,
    args: { mstId: string | number; docId: string | number; screenColumnName: string },
  ): Promise<DocumentContent> {
    return documents.getDoc(this.ctx, caller, args);
  }

  getDocZipDownload(caller: Caller, keyId: string | number): Promise<DocumentZip> {
    return documents.getDocZipDownload(this.ctx, caller, keyId);
  }

  // ---- audit (statusHistory.ts) ------------------------------------------------------------

  getStatusHistory(caller: Caller, keyId: string | number): Promise<StatusHistoryEntry[]> {
    return statusHistory(this.ctx, caller, keyId);
  }
}
