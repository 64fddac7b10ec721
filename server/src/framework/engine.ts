// The definition-to-operation engine: one ScreenEngine per screen definition serves every
// common operation of its {Service}Ws, with authorisation decided here on the server (screen
// flags per role, column visibility and read-only, row scope, row rules).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ApiErrorCode,
  type AuthCol,
  type AuthRow,
  type ButtonHlp,
  type ButtonType,
  type Choice,
  type DocumentContent,
  type DocumentZip,
  type ScreenCriterion,
  type ScreenFilter,
  type ScreenHlp,
  type ScreenLabel,
  type SearchList,
  type SearchListItem,
  type StatusHistoryEntry,
  type YN,
  safeText,
} from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { ApiError, forbidden, invalidField } from '../protocol/errors.ts';
import { toValidationErrors } from '../protocol/method.ts';
import {
  buttonSetting,
  buttonTypes,
  keyColumn,
  pageSizes,
  systemColumn,
  type AccessRule,
  type Caller,
  type ColumnDef,
  type DropdownSource,
  type ScreenDef,
  type TableDef,
} from './definition.ts';
import { customerRoles, inRoleSet, isStaff } from './roles.ts';
import { detailSchema, masterSchema, writableFor, type WireValue } from './rowSchema.ts';
import { labelMap, readLabels, screenLabelCat, type Label } from './labels.ts';
import {
  STAFF_LABEL,
  customerAccount,
  dropdownTextExpr,
  fromDb,
  isUserSource,
  param,
  prefixQuery,
  q,
  readExpr,
  keyEq,
  literal,
  rows,
  tsvectorExpr,
  type Executor,
  type Row,
} from './sqlText.ts';
import { uniqueNames, writeZip } from './zip.ts';
import { writeAudit } from './audit.ts';
import {
  DEFAULT_MAX_FILES,
  MAX_DOC_BYTES,
  checkDocument,
  safeFileName,
  settled,
  tooLargeMessage,
  tooManyMessage,
} from './docContent.ts';

export const CONFLICT_MESSAGE = 'This record was changed by someone else. Reload it and try again.';
/** Counts of search lists stop here (exact below, `countCapped` at and above). */
export const COUNT_CAP = 1000;
/** Largest document accepted by AddDocColumnContent (spec 002: 10 MB). */
export { MAX_DOC_BYTES } from './docContent.ts';

const yn = (b: boolean): YN => (b ? 'Y' : 'N');

export interface SearchListArgs {
  searchStr?: string;
  topN?: number;
  filterId?: string;
  desiredScreenCriteria?: CriteriaInput;
}

/** Criteria as the client sends them: [{ScreenCriId, LastCriteria}] or {id: value}. */
export type CriteriaInput =
  Array<{ ScreenCriId: number | string; LastCriteria?: unknown }> | Record<string, unknown>;

export interface EngineDeps {
  db: Db;
  clock: Clock;
}

export const NOT_FOUND_MESSAGE = 'Record not found';

/**
 * A record the caller does not reach. Callers limited to their own rows get the same 403
 * 'Access denied' for another customer's record and for a missing one, so ids reveal nothing.
 * Callers reaching every row (staff) have nothing to be hidden from: a missing record answers
 * 404 not_found, which the web shows as 'failed to load required record {id}' without treating
 * it as a refused token.
 */
function notFoundOrDenied(rule?: AccessRule): ApiError {
  if (rule?.rows === 'all') return new ApiError(404, ApiErrorCode.notFound, NOT_FOUND_MESSAGE);
  return forbidden('Access denied');
}

function emptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

function sameValue(a: unknown, b: unknown): boolean {
  if (emptyValue(a) && emptyValue(b)) return true;
  return String(a) === String(b);
}

export class ScreenEngine {
  readonly def: ScreenDef;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly mKey: ColumnDef;
  private readonly dKey?: ColumnDef;
  /** Master key is an integer (compared as one, so its index is used). */
  private readonly intKey: boolean;

  constructor(def: ScreenDef, deps: EngineDeps) {
    this.def = def;
    this.db = deps.db;
    this.clock = deps.clock;
    this.mKey = keyColumn(def.master);
    this.dKey = def.detail ? keyColumn(def.detail) : undefined;
    this.intKey = this.mKey.type === 'number';
  }

  // ---- authorisation -------------------------------------------------------------------

  /** The caller's screen flags, or 403 when the role has no access to this screen. */
  access(caller: Caller): AccessRule {
    const rule = this.def.access.find((r) => inRoleSet(r.roles, caller.role));
    if (!rule) throw forbidden();
    return rule;
  }

  private canAdd(rule: AccessRule): boolean {
    return rule.allowAdd && !rule.viewOnly;
  }
  private canUpd(rule: AccessRule): boolean {
    return rule.allowUpd && !rule.viewOnly;
  }
  private canDel(rule: AccessRule): boolean {
    return rule.allowDel && !rule.viewOnly;
  }

  visible(c: ColumnDef, caller: Caller): boolean {
    return inRoleSet(c.visible ?? 'all', caller.role);
  }

  /** Callers who are not staff get no staff identity: a staff account in a users column reads
   * as STAFF_LABEL with a null id, and is never a choice or a search match (README). */
  private hidesStaff(caller: Caller | null): boolean {
    return caller !== null && !isStaff(caller.role);
  }

  writable(c: ColumnDef, caller: Caller, rule: AccessRule): boolean {
    return !rule.viewOnly && writableFor(c, caller.role, rule.rows === 'own');
  }

  /** Row scope: the rows a caller reaches (all, or their own by user id or registered wallet). */
  scopeWhere(caller: Caller, rule: AccessRule, alias = 'm'): SQL {
    if (rule.rows === 'all') return sql`TRUE`;
    const owner = this.def.master.owner;
    if (!owner) return sql`FALSE`;
    const byUser = sql.raw(`${alias}.${q(owner.userColumn)}`);
    if (!owner.walletColumn) return sql`${byUser} = ${caller.usrId}`;
    const byWallet = sql.raw(`lower(${alias}.${q(owner.walletColumn)})`);
    return sql`(${byUser} = ${caller.usrId} OR ${byWallet} IN (SELECT lower(address) FROM wallets WHERE usr_id = ${caller.usrId}))`;
  }

  getAuthCol(caller: Caller): AuthCol[] {
    const rule = this.access(caller);
    const cols = (t: TableDef, master: boolean) =>
      t.columns.map((c) => ({
        ColName: c.name,
        DisplayName: c.label,
        ColVisible: yn(this.visible(c, caller)),
        ColReadOnly: yn(!this.writable(c, caller, rule)),
        MasterTable: yn(master),
        // The record's key and its row version: the client sends both back unchanged on save
        // (the key names the record, the version detects a concurrent edit) and clears both on Copy.
        ColKey: yn(c.system === 'key'),
        ColVersion: yn(c.system === 'rowVersion'),
      }));
    return [...cols(this.def.master, true), ...(this.def.detail ? cols(this.def.detail, false) : [])];
  }

  /** Screen flags, narrowed by the row rule when a record is named. */
  async getAuthRow(caller: Caller, keyId?: string | number): Promise<AuthRow[]> {
    const rule = this.access(caller);
    let allowUpd = this.canUpd(rule);
    let allowDel = this.canDel(rule);
    if (keyId !== undefined && keyId !== '' && keyId !== '!') {
      const stored = await this.loadStored(this.db, caller, rule, keyId, false);
      if (!stored) throw notFoundOrDenied(rule);
      const narrowed = this.rowFlags(stored, caller, rule);
      allowUpd = narrowed.allowUpd;
      allowDel = narrowed.allowDel;
    }
    return [
      {
        AllowAdd: yn(this.canAdd(rule)),
        AllowUpd: yn(allowUpd),
        AllowDel: yn(allowDel),
        ViewOnly: yn(rule.viewOnly),
        RowScope: rule.rows,
      },
    ];
  }

  private rowFlags(stored: Record<string, WireValue>, caller: Caller, rule: AccessRule) {
    const r = this.def.rowRule?.(stored, caller) ?? { allowUpd: true, allowDel: true };
    return { allowUpd: this.canUpd(rule) && r.allowUpd, allowDel: this.canDel(rule) && r.allowDel };
  }

  // ---- metadata --------------------------------------------------------------------------

  async getScreenLabel(caller: Caller, cultureId: number): Promise<ScreenLabel[]> {
    this.access(caller);
    const labels = await labelMap(this.db, cultureId, screenLabelCat(this.def), false);
    const cols = (t: TableDef, master: boolean) =>
      t.columns
        .filter((c) => this.visible(c, caller))
        .map((c) => ({
          ColumnName: c.name,
          ColumnHeader: labels.get(c.name) ?? c.label,
          ColumnType: c.type,
          Required: yn(Boolean(c.required)),
          MasterTable: yn(master),
        }));
    return [...cols(this.def.master, true), ...(this.def.detail ? cols(this.def.detail, false) : [])];
  }

  async getLabels(caller: Caller, cultureId: number, labelCat: string, system: boolean): Promise<Label[]> {
    this.access(caller);
    return readLabels(this.db, cultureId, labelCat, system);
  }

  async getScreenButtonHlp(caller: Caller, cultureId: number): Promise<ButtonHlp[]> {
    const rule = this.access(caller);
    const labels = await labelMap(this.db, cultureId, 'Buttons', true);
    // A screen's own button text (its definition's label, or a translation) wins over the system one.
    const own = await labelMap(this.db, cultureId, screenLabelCat(this.def), false);
    const allowed: Record<ButtonType, boolean> = {
      New: this.canAdd(rule),
      Copy: this.canAdd(rule),
      Delete: this.canDel(rule),
      Save: this.canAdd(rule) || this.canUpd(rule),
      SaveClose: this.canAdd(rule) || this.canUpd(rule),
      DrillDown: true,
      InsRow: Boolean(this.def.detail) && this.canUpd(rule),
      CopyRow: Boolean(this.def.detail) && this.canUpd(rule),
      DelRow: Boolean(this.def.detail) && this.canUpd(rule),
      NewSaveDtl: Boolean(this.def.detail) && this.canUpd(rule),
    };
    return buttonTypes.map((type) => {
      const s = buttonSetting(this.def, type);
      const text = own.get(`Button${type}`) ?? labels.get(type) ?? s.label;
      return {
        ButtonTypeName: type,
        ButtonName: text,
        ButtonToolTip: text,
        ButtonVisible: yn(s.enabled && allowed[type] && inRoleSet(s.roles ?? 'all', caller.role)),
        ButtonPlacement: s.placement,
      };
    });
  }

  async getScreenHlp(caller: Caller, cultureId: number): Promise<ScreenHlp> {
    this.access(caller);
    const screen = await labelMap(this.db, cultureId, screenLabelCat(this.def), false);
    const fw = await labelMap(this.db, cultureId, 'Framework', true);
    return {
      ScreenId: this.def.screenId,
      ScreenTitle: screen.get('ScreenTitle') ?? this.def.title,
      ScreenHelp: screen.get('ScreenHelp') ?? this.def.help ?? '',
      NoResultsMsg: fw.get('NoResults') ?? '',
      NoMasterMsg: fw.get('NoMasterSelected') ?? '',
      NoDetailMsg: fw.get('NoDetailSelected') ?? '',
      UnsavedChangesMsg: fw.get('UnsavedChanges') ?? '',
      PageSizes: pageSizes(this.def),
    };
  }

  async getScreenCriteria(caller: Caller, cultureId: number): Promise<ScreenCriterion[]> {
    this.access(caller);
    const labels = await labelMap(this.db, cultureId, screenLabelCat(this.def), false);
    const saved = await this.savedCriteria(caller);
    return (this.def.criteria ?? []).map((c) => ({
      ScreenCriId: c.id,
      ColumnName: c.column,
      DisplayName: labels.get(`Criteria${c.id}`) ?? c.label,
      DdlMethod: c.dropdown ? 'GetScreenCriteriaDdlList' : '',
      LastCriteria: saved.get(c.id) ?? '',
      ...(c.op === 'from' || c.op === 'to' ? { InputType: 'date' as const } : {}),
    }));
  }

  async getScreenFilter(caller: Caller, cultureId: number): Promise<ScreenFilter[]> {
    this.access(caller);
    const labels = await labelMap(this.db, cultureId, screenLabelCat(this.def), false);
    return (this.def.filters ?? [])
      .filter((f) => inRoleSet(f.roles ?? 'all', caller.role))
      .map((f) => ({ ScreenFilterId: f.id, FilterName: labels.get(`Filter${f.id}`) ?? f.label }));
  }

  private newRow(t: TableDef, caller: Caller): Record<string, WireValue> {
    const out: Record<string, WireValue> = {};
    for (const c of t.columns) {
      if (!this.visible(c, caller)) continue;
      out[c.name] = c.defaultValue ?? (c.system === 'key' ? '' : null);
      if (c.type === 'dropdown') out[`${c.name}Text`] = null;
    }
    return out;
  }

  getNewMst(caller: Caller) {
    this.access(caller);
    const row = this.newRow(this.def.master, caller);
    const rv = systemColumn(this.def.master, 'rowVersion');
    if (rv) row[rv.name] = null;
    return row;
  }

  getNewDtl(caller: Caller) {
    this.access(caller);
    if (!this.def.detail) return {};
    return this.newRow(this.def.detail, caller);
  }

  // ---- criteria --------------------------------------------------------------------------

  /** The caller's saved criteria of this screen, read on every call (a few rows by primary key):
   * a per-process copy would miss criteria saved through another server instance. */
  private async savedCriteria(caller: Caller): Promise<Map<number, string>> {
    const found = await rows(
      this.db,
      sql`SELECT screen_cri_id, value FROM screen_criteria WHERE usr_id = ${caller.usrId} AND screen_id = ${this.def.screenId}`,
    );
    return new Map(found.map((r) => [Number(r.screen_cri_id), String(r.value)]));
  }

  private criteriaValues(input: CriteriaInput | undefined): Map<number, string> | undefined {
    if (input === undefined || input === null) return undefined;
    const out = new Map<number, string>();
    const entries: [unknown, unknown][] = Array.isArray(input)
      ? input.map((c) => [c.ScreenCriId, c.LastCriteria])
      : Object.entries(input);
    for (const [id, value] of entries) {
      const cri = (this.def.criteria ?? []).find((c) => String(c.id) === String(id));
      if (!cri) throw invalidField('criteriaValues', `Unknown screen criterion ${String(id)}`);
      if (emptyValue(value)) continue;
      const text = String(value).slice(0, 200);
      if ((cri.op === 'from' || cri.op === 'to') && !isIsoDay(text))
        throw invalidField('criteriaValues', `${cri.label}: enter a date (YYYY-MM-DD)`);
      out.set(cri.id, text);
    }
    return out;
  }

  async setScreenCriteria(caller: Caller, criteriaValues: CriteriaInput) {
    this.access(caller);
    const values = this.criteriaValues(criteriaValues) ?? new Map<number, string>();
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`DELETE FROM screen_criteria WHERE usr_id = ${caller.usrId} AND screen_id = ${this.def.screenId}`,
      );
      for (const [id, value] of values)
        await tx.execute(
          // Two saves of one caller's criteria at once (two tabs) both delete, then both insert.
          sql`INSERT INTO screen_criteria (usr_id, screen_id, screen_cri_id, value) VALUES (${caller.usrId}, ${this.def.screenId}, ${id}, ${value})
              ON CONFLICT (usr_id, screen_id, screen_cri_id) DO UPDATE SET value = EXCLUDED.value`,
        );
    });
    return this.getScreenCriteria(caller, 1);
  }

  // ---- reading ---------------------------------------------------------------------------

  private col(t: TableDef, name: string): ColumnDef {
    const c = t.columns.find((x) => x.name === name);
    if (!c) throw new Error(`${this.def.service}: unknown column ${name}`);
    return c;
  }

  /** The visible columns of a table as a select list (with dropdown Text variants). */
  private selectList(t: TableDef, caller: Caller | null, alias: string, hideStaff = false): string {
    const parts: string[] = [];
    for (const c of t.columns) {
      if (c.type === 'document') continue;
      if (caller && !this.visible(c, caller)) continue;
      parts.push(`${readExpr(c, alias, hideStaff)} AS ${q(c.name)}`);
      if (c.dropdown)
        parts.push(
          `${dropdownTextExpr(c.dropdown, `${alias}.${q(c.db)}`, hideStaff)} AS ${q(`${c.name}Text`)}`,
        );
    }
    return parts.join(', ');
  }

  /**
   * The select list of a detail list (Get{Entity}DtlById): like selectList, but the texts of
   * reference-code dropdowns come from a join (a scalar subquery per row cost more than the rest
   * of a 1,000-row list on PGlite), and heavy columns (`listedWhenEmpty`) only on the rows that
   * need them unless `allColumns`.
   */
  private detailListSelect(
    t: TableDef,
    caller: Caller,
    alias: string,
    allColumns: boolean,
  ): { select: string; joins: string } {
    const parts: string[] = [];
    const joins: string[] = [];
    const hide = this.hidesStaff(caller);
    for (const c of t.columns) {
      if (c.type === 'document' || !this.visible(c, caller)) continue;
      let e = readExpr(c, alias, hide);
      if (c.listedWhenEmpty !== undefined && !allColumns) {
        const when = this.col(t, c.listedWhenEmpty);
        e = `CASE WHEN coalesce(${alias}.${q(when.db)}::text, '') = '' THEN ${e} END`;
      }
      parts.push(`${e} AS ${q(c.name)}`);
      if (c.dropdown?.kind === 'ref') {
        const r = `r_${joins.length}`;
        joins.push(
          `LEFT JOIN ref_codes ${r} ON ${r}.cat = ${literal(c.dropdown.cat)} AND ${r}.code = ${alias}.${q(c.db)}::text`,
        );
        parts.push(`${r}.label AS ${q(`${c.name}Text`)}`);
      } else if (c.dropdown)
        parts.push(`${dropdownTextExpr(c.dropdown, `${alias}.${q(c.db)}`, hide)} AS ${q(`${c.name}Text`)}`);
    }
    return { select: parts.join(', '), joins: joins.join(' ') };
  }

  private toWire(t: TableDef, r: Row): Record<string, WireValue> {
    const out: Record<string, WireValue> = {};
    for (const c of t.columns) {
      if (!(c.name in r)) continue;
      out[c.name] = fromDb(c, r[c.name]);
      if (c.dropdown) out[`${c.name}Text`] = (r[`${c.name}Text`] as string | null) ?? null;
    }
    return out;
  }

  private searchWhere(search: string, hideStaff = false): SQL | null {
    const s = search.trim();
    if (!s) return null;
    const cols = this.def.searchList.search.map((n) => this.col(this.def.master, n));
    if (s.startsWith('**')) {
      // The stored value (a key, a code) rather than the displayed text; every column's matches merged.
      const v = s.slice(2).trim();
      if (!v) return null;
      const parts = [this.mKey, ...cols].map((c) => sql`lower(${sql.raw(readExpr(c, 'm'))}) = lower(${v})`);
      return sql`(${sql.join(parts, sql` OR `)})`;
    }
    const tsq = prefixQuery(s);
    if (!tsq) return null;
    const parts = cols.map((c) => {
      if (c.dropdown) {
        const codes = this.dropdownMatchCodes(c.dropdown, tsq, hideStaff);
        return sql`${sql.raw(`m.${q(c.db)}::text`)} IN (${codes})`;
      }
      return sql`${sql.raw(tsvectorExpr(c.db, 'm'))} @@ ${tsq}`;
    });
    return sql`(${sql.join(parts, sql` OR `)})`;
  }

  private dropdownMatchCodes(src: DropdownSource, tsq: SQL, hideStaff = false): SQL {
    if (src.kind === 'ref')
      return sql`SELECT r.code FROM ref_codes r WHERE r.cat = ${src.cat} AND to_tsvector('simple'::regconfig, r.label) @@ ${tsq}`;
    const only = hideStaff && isUserSource(src) ? sql.raw(` AND ${customerAccount('d')}`) : sql``;
    return sql`SELECT ${sql.raw(`d.${q(src.key)}::text`)} FROM ${sql.raw(q(src.table))} d WHERE ${sql.raw(tsvectorExpr(src.label, 'd'))} @@ ${tsq}${only}`;
  }

  private filterWhere(caller: Caller, filterId: string | undefined): SQL | null {
    if (filterId === undefined || filterId === '' || filterId === '0') return null;
    const f = (this.def.filters ?? []).find(
      (x) => String(x.id) === String(filterId) && inRoleSet(x.roles ?? 'all', caller.role),
    );
    if (!f) throw invalidField('filterId', 'Unknown filter');
    const c = this.col(this.def.master, f.column);
    if (!f.in.length) return sql`FALSE`;
    return sql`${sql.raw(`m.${q(c.db)}::text`)} IN (${sql.join(
      f.in.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }

  private criteriaWhere(criteria: Map<number, string>): SQL | null {
    const parts: SQL[] = [];
    for (const [id, value] of criteria) {
      const cri = this.def.criteria!.find((c) => c.id === id)!;
      const c = this.col(this.def.master, cri.column);
      const column = sql.raw(`m.${q(c.db)}`);
      // A day range end compares the stored value itself, so an index on the column serves it.
      // A datetime's day is the UTC day, whatever the database session's time zone.
      const day = (d: SQL) => (c.type === 'datetime' ? sql`((${d})::timestamp AT TIME ZONE 'UTC')` : d);
      if (cri.op === 'from') parts.push(sql`${column} >= ${day(sql`${value}::date`)}`);
      else if (cri.op === 'to') parts.push(sql`${column} < ${day(sql`${value}::date + 1`)}`);
      else parts.push(sql`lower(${sql.raw(readExpr(c, 'm'))}) = lower(${value})`);
    }
    return parts.length ? sql.join(parts, sql` AND `) : null;
  }

  async getSearchList(caller: Caller, args: SearchListArgs): Promise<SearchList> {
    const rule = this.access(caller);
    const sizes = pageSizes(this.def);
    const topN = Math.min(Math.max(1, Math.trunc(args.topN ?? sizes.searchTopN)), 32767);
    const criteria = this.criteriaValues(args.desiredScreenCriteria) ?? (await this.savedCriteria(caller));
    const base = [
      this.scopeWhere(caller, rule),
      this.filterWhere(caller, args.filterId),
      this.criteriaWhere(criteria),
    ].filter((x): x is SQL => x !== null);
    const hide = this.hidesStaff(caller);
    const search = this.searchWhere(args.searchStr ?? '', hide);
    const baseWhere = sql.join(base, sql` AND `);
    const matchWhere = search ? sql`${baseWhere} AND ${search}` : baseWhere;
    const sl = this.def.searchList;
    const m = this.def.master;
    const shown = [sl.label, sl.labelR, sl.detail, sl.detailR].filter((n): n is string => Boolean(n));
    const exprs = [`${readExpr(this.mKey, 'm')} AS "key"`];
    for (const n of shown) {
      const c = this.col(m, n);
      if (!this.visible(c, caller)) continue;
      const e = c.dropdown
        ? `coalesce(${dropdownTextExpr(c.dropdown, `m.${q(c.db)}`, hide)}, ${readExpr(c, 'm', hide)})`
        : readExpr(c, 'm');
      exprs.push(`${e} AS ${q(n)}`);
    }
    const order = this.col(m, sl.orderBy);
    const dir = sl.orderDir === 'asc' ? 'ASC' : 'DESC';
    const flipped = dir === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST';
    const t = q(m.table);
    const key = q(this.mKey.db);
    const ord = q(order.db);
    // ONE statement (one round trip): `hits` takes up to COUNT_CAP matches (their key and order
    // value), which gives matchCount and how dense the matches are. Sparse (under COUNT_CAP):
    // hits holds every match, so the first topN are sorted out of it and only those rows are
    // read (flipped NULLS placement, as the sparse list always had). Dense: walk the ordering
    // index and stop after topN. `total` (the list without the quick search) is counted only
    // when the matches are under COUNT_CAP: the matches are part of it, so otherwise it is
    // capped too. The rows travel as one json text (one value for the driver to decode).
    const totalExpr = search
      ? sql`CASE WHEN n.n >= ${COUNT_CAP} THEN ${COUNT_CAP}::int
             ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${sql.raw(t)} m WHERE ${baseWhere} LIMIT ${COUNT_CAP}) c) END`
      : sql`n.n`;
    const r = await rows(
      this.db,
      sql`WITH hits AS MATERIALIZED (
            SELECT ${sql.raw(`m.${key} AS k, m.${ord} AS o`)} FROM ${sql.raw(t)} m WHERE ${matchWhere} LIMIT ${COUNT_CAP}
          ), n AS (SELECT count(*)::int AS n FROM hits)
          SELECT n.n AS "matchCount", ${totalExpr} AS "total",
            CASE WHEN n.n < ${COUNT_CAP} THEN (
              SELECT json_agg(x)::text FROM (
                SELECT ${sql.raw(exprs.join(', '))}
                FROM (SELECT h.k, h.o FROM hits h ORDER BY ${sql.raw(`h.o ${dir}${flipped}, h.k ${dir}${flipped}`)} LIMIT ${topN}) top
                JOIN ${sql.raw(t)} m ON ${sql.raw(`m.${key} = top.k`)}
                ORDER BY ${sql.raw(`top.o ${dir}${flipped}, top.k ${dir}${flipped}`)}) x)
            ELSE (
              SELECT json_agg(x)::text FROM (
                SELECT ${sql.raw(exprs.join(', '))} FROM ${sql.raw(t)} m WHERE ${matchWhere}
                ORDER BY ${sql.raw(`m.${ord} ${dir}, m.${key} ${dir}`)} LIMIT ${topN}) x)
            END AS "rows"
          FROM n`,
    );
    const matchCount = Number(r[0]?.matchCount ?? 0);
    const total = Number(r[0]?.total ?? 0);
    const found = JSON.parse(String(r[0]?.rows ?? '[]')) as Row[];
    const text = (row: Row, n: string | undefined) => (n && row[n] != null ? String(row[n]) : '');
    const data: SearchListItem[] = found.map((row) => ({
      key: String(row.key),
      label: text(row, sl.label),
      labelR: text(row, sl.labelR),
      detail: text(row, sl.detail),
      detailR: text(row, sl.detailR),
    }));
    return { total, data, matchCount, countCapped: total >= COUNT_CAP || matchCount >= COUNT_CAP };
  }

  async getList(caller: Caller, args: SearchListArgs): Promise<SearchListItem[]> {
    return (await this.getSearchList(caller, args)).data;
  }

  /** The stored master row (all columns, wire names) when the caller reaches it. */
  private async loadStored(
    exec: Executor,
    caller: Caller,
    rule: AccessRule,
    keyId: string | number,
    forUpdate: boolean,
    hideStaff = false,
  ): Promise<Record<string, WireValue> | null> {
    const m = this.def.master;
    const found = await rows(
      exec,
      sql`SELECT ${sql.raw(this.selectList(m, null, 'm', hideStaff))} FROM ${sql.raw(q(m.table))} m
          WHERE ${keyEq(`m.${q(this.mKey.db)}`, this.intKey, keyId)} AND ${this.scopeWhere(caller, rule)}
          ${forUpdate ? sql`FOR UPDATE` : sql``}`,
    );
    return found[0] ? this.toWire(m, found[0]) : null;
  }

  private visibleOnly(t: TableDef, caller: Caller, row: Record<string, WireValue>) {
    const out: Record<string, WireValue | unknown> = {};
    for (const c of t.columns) {
      if (!this.visible(c, caller)) continue;
      if (c.name in row) out[c.name] = row[c.name];
      if (c.dropdown && `${c.name}Text` in row) out[`${c.name}Text`] = row[`${c.name}Text`];
    }
    return out;
  }

  async getById(caller: Caller, keyId: string | number) {
    const rule = this.access(caller);
    const stored = await this.loadStored(this.db, caller, rule, keyId, false, this.hidesStaff(caller));
    if (!stored) throw notFoundOrDenied(rule);
    const out = this.visibleOnly(this.def.master, caller, stored);
    for (const c of this.def.master.columns)
      if (c.type === 'document' && this.visible(c, caller))
        out[c.name] = await this.docList(c, stored[this.mKey.name]!);
    return out;
  }

  async getDtlById(
    caller: Caller,
    keyId: string | number,
    filterId?: string,
    options?: { FilteredColumn?: string; FilteredValue?: string; Limit?: number; AllColumns?: string },
  ) {
    const rule = this.access(caller);
    const d = this.def.detail;
    if (!d) {
      // No detail rows on this screen; the master must still be reachable.
      if (!(await this.loadStored(this.db, caller, rule, keyId, false))) throw notFoundOrDenied(rule);
      return [];
    }
    if (filterId !== undefined && filterId !== '' && filterId !== '0') this.filterWhere(caller, filterId);
    const m = this.def.master;
    const conds: SQL[] = [
      keyEq(`dt.${q(d.fk)}`, this.intKey, keyId),
      sql`EXISTS (SELECT 1 FROM ${sql.raw(q(m.table))} m WHERE ${sql.raw(`m.${q(this.mKey.db)} = dt.${q(d.fk)}`)} AND ${this.scopeWhere(caller, rule)})`,
    ];
    const fc = options?.FilteredColumn;
    const fv = options?.FilteredValue?.trim();
    if (fv) {
      // Case-insensitive pattern on the visible columns ('All' = every one); choices match their text.
      const pattern = `%${fv.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const cols = d.columns.filter(
        (c) => this.visible(c, caller) && c.type !== 'document' && (!fc || fc === 'All' || c.name === fc),
      );
      if (!cols.length) throw invalidField('options.FilteredColumn', 'Unknown column');
      const parts = cols.map((c) => {
        const e = c.dropdown
          ? `coalesce(${dropdownTextExpr(c.dropdown, `dt.${q(c.db)}`, this.hidesStaff(caller))}, '')`
          : readExpr(c, 'dt');
        return sql`${sql.raw(e)} ILIKE ${pattern}`;
      });
      conds.push(sql`(${sql.join(parts, sql` OR `)})`);
    }
    const limit = options?.Limit && options.Limit > 0 ? Math.min(options.Limit, 32767) : 32767;
    // Heavy columns on every row when asked, and for callers reaching every row (staff's generic
    // detail records show every column; a customer's screens read what they need).
    const list = this.detailListSelect(d, caller, 'dt', options?.AllColumns === 'Y' || rule.rows === 'all');
    // The rows come back as ONE json text (aggregated in the ordered subquery's order): the
    // drivers then decode one value instead of every column of every row (PGlite decodes each
    // value in JS, most of a 1,000-validator list's time). Values are text, as selectList gives.
    const found = await rows(
      this.db,
      sql`SELECT coalesce(json_agg(x), '[]')::text AS "rows" FROM (
            SELECT ${sql.raw(list.select)} FROM ${sql.raw(q(d.table))} dt ${sql.raw(list.joins)}
            WHERE ${sql.join(conds, sql` AND `)}
            ORDER BY ${sql.raw(`dt.${q(d.orderBy)} ${d.orderDir === 'desc' ? 'DESC' : 'ASC'}`)} LIMIT ${limit}) x`,
    );
    const listed = JSON.parse(String(found[0]?.rows ?? '[]')) as Row[];
    if (!listed.length) {
      // An empty list is fine for a reachable master; an unreachable one is denied.
      const reach = await this.loadStored(this.db, caller, rule, keyId, false);
      if (!reach) throw notFoundOrDenied(rule);
    }
    return listed.map((r) => this.toWire(d, r));
  }

  // ---- dropdowns ---------------------------------------------------------------------------

  dropdownColumns(): ColumnDef[] {
    return [...this.def.master.columns, ...(this.def.detail?.columns ?? [])].filter((c) => c.dropdown);
  }

  private async lookup(
    caller: Caller,
    src: DropdownSource,
    args: { query?: string; topN?: number; filterBy?: unknown; exactKey?: string; integerKey?: boolean },
    exec: Executor = this.db,
  ) {
    const topN = Math.min(Math.max(1, Math.trunc(args.topN ?? pageSizes(this.def).dropdownTopN)), 32767);
    const query = (args.query ?? '').trim();
    const like = `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    if (src.kind === 'ref') {
      const found = await rows(
        exec,
        sql`SELECT code AS key, label FROM ref_codes WHERE cat = ${src.cat}
            ${args.exactKey !== undefined ? sql`AND code = ${args.exactKey}` : sql``}
            ${query ? sql`AND (label ILIKE ${like} OR code ILIKE ${like})` : sql``}
            ORDER BY sort, label LIMIT ${topN}`,
      );
      return found.map((r) => ({ key: String(r.key), label: String(r.label) }));
    }
    const own =
      src.ownerColumn && this.access(caller).rows === 'own'
        ? sql`AND ${sql.raw(`d.${q(src.ownerColumn)}`)} = ${caller.usrId}`
        : sql``;
    const notStaff =
      this.hidesStaff(caller) && isUserSource(src) ? sql.raw(`AND ${customerAccount('d')}`) : sql``;
    const found = await rows(
      exec,
      sql`SELECT ${sql.raw(`d.${q(src.key)}::text AS key, d.${q(src.label)}::text AS label`)} FROM ${sql.raw(q(src.table))} d
          WHERE TRUE ${own} ${notStaff}
          ${args.exactKey !== undefined ? sql`AND ${keyEq(`d.${q(src.key)}`, Boolean(args.integerKey), args.exactKey)}` : sql``}
          ${query ? sql`AND ${sql.raw(`d.${q(src.label)}::text`)} ILIKE ${like}` : sql``}
          ORDER BY 2 LIMIT ${topN}`,
    );
    return found.map((r) => ({ key: String(r.key), label: String(r.label ?? '') }));
  }

  async dropdown(
    caller: Caller,
    columnName: string,
    args: { query?: string; topN?: number; filterBy?: unknown },
  ): Promise<Choice[]> {
    this.access(caller);
    const c = this.dropdownColumns().find((x) => x.name === columnName);
    if (!c || !this.visible(c, caller)) throw forbidden();
    return this.lookup(caller, c.dropdown!, args);
  }

  async getScreenCriteriaDdlList(
    caller: Caller,
    args: { screenCriId: number | string; query?: string; topN?: number; filterBy?: unknown },
  ): Promise<Choice[]> {
    this.access(caller);
    const cri = (this.def.criteria ?? []).find((c) => String(c.id) === String(args.screenCriId));
    if (!cri) throw invalidField('screenCriId', 'Unknown screen criterion');
    if (!cri.dropdown) return [];
    return this.lookup(caller, cri.dropdown, args);
  }

  /** The reference record a dropdown value points at (its key and text). */
  async getRefColumnContent(
    caller: Caller,
    args: { mstId?: string | number; refKeyId: string | number; refScreenColumnName: string },
  ) {
    this.access(caller);
    if (args.mstId !== undefined && args.mstId !== '' && args.mstId !== '!')
      await this.getById(caller, args.mstId);
    const c = this.dropdownColumns().find((x) => x.name === args.refScreenColumnName);
    if (!c || !this.visible(c, caller)) throw forbidden();
    const found = await this.lookup(caller, c.dropdown!, {
      exactKey: String(args.refKeyId),
      topN: 1,
      integerKey: c.integerKey,
    });
    return found[0] ?? null;
  }

  /** One column's value of a reachable row (content loaded on demand, e.g. a picture). */
  async getColumnContent(
    caller: Caller,
    args: { mstId: string | number; dtlId?: string | number; screenColumnName: string; isMaster?: unknown },
  ) {
    const master = args.isMaster === undefined || args.isMaster === true || args.isMaster === 'Y';
    if (master) {
      const row = await this.getById(caller, args.mstId);
      if (!(args.screenColumnName in row)) throw forbidden();
      return row[args.screenColumnName] ?? null;
    }
    if (!this.def.detail || args.dtlId === undefined) throw invalidField('dtlId', 'A detail id is required');
    const d = this.def.detail;
    const dtl = await this.getDtlById(caller, args.mstId);
    const row = dtl.find((r) => String(r[this.dKey!.name]) === String(args.dtlId));
    const c = d.columns.find((x) => x.name === args.screenColumnName);
    if (!row || !c || !this.visible(c, caller)) throw forbidden();
    return row[c.name] ?? null;
  }

  // ---- writing ---------------------------------------------------------------------------

  private validate<T>(
    schema: {
      safeParse(v: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError };
    },
    value: unknown,
    prefix: string,
  ): T {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const validationErrors = toValidationErrors(parsed.error).map((v) => ({
      ...v,
      field: `${prefix}.${v.field}`,
    }));
    throw new ApiError(
      400,
      ApiErrorCode.validationFailed,
      validationErrors.map((v) => v.message).join('; '),
      undefined,
      validationErrors,
    );
  }

  /** A read-only or hidden column sent with a value other than the stored (or new) one. */
  private checkNoForbiddenWrites(
    t: TableDef,
    caller: Caller,
    rule: AccessRule,
    sent: Record<string, unknown>,
    parsed: Record<string, WireValue>,
    stored: Record<string, WireValue> | null,
  ): void {
    for (const c of t.columns) {
      if (!(c.name in sent) || c.type === 'document') continue;
      if (this.writable(c, caller, rule)) continue;
      if (c.system === 'key' || c.system === 'rowVersion' || c.system === 'foreignKey') continue;
      // Stamps are the server's (and a customer reads a staff stamp as null): never a write.
      if (c.system && ['inputBy', 'inputOn', 'modifiedBy', 'modifiedOn'].includes(c.system)) continue;
      // A new customer row's owner is the customer; sending their own id is no write.
      const newValue = c.system === 'owner' && rule.rows === 'own' ? caller.usrId : (c.defaultValue ?? null);
      // On a new row an empty value is no write either.
      if (!stored && emptyValue(parsed[c.name])) continue;
      const before = stored ? stored[c.name] : newValue;
      if (!sameValue(parsed[c.name], before)) throw forbidden(`Access denied: ${c.name} is read-only`);
    }
  }

  /** A changed dropdown value must be one of the choices the caller is offered (a customer
   * cannot point a record at another customer's person or corporate). */
  private async checkChoices(
    exec: Executor,
    caller: Caller,
    t: TableDef,
    values: Record<string, WireValue>,
    stored: Record<string, WireValue> | null,
    prefix = 'mst.',
  ): Promise<void> {
    for (const c of t.columns) {
      if (!c.dropdown || !(c.name in values)) continue;
      const v = values[c.name];
      if (v === null || v === undefined || (stored && sameValue(stored[c.name], v))) continue;
      const found = await this.lookup(
        caller,
        c.dropdown,
        { exactKey: String(v), topN: 1, integerKey: c.integerKey },
        exec,
      );
      if (!found.length) throw invalidField(`${prefix}${c.name}`, `${c.label} is not a valid choice`);
    }
  }

  private async audit(
    tx: Executor,
    caller: Caller,
    table: string,
    rowKey: string,
    column: string,
    before: WireValue,
    after: WireValue,
  ): Promise<void> {
    await writeAudit(tx, {
      screenId: this.def.screenId,
      table,
      rowKey,
      column,
      before,
      after,
      by: caller,
      on: this.clock.now(),
    });
  }

  async saveData(
    caller: Caller,
    body: { mst: Record<string, unknown>; dtl?: Array<Record<string, unknown>> | null; options?: unknown },
  ) {
    const rule = this.access(caller);
    const m = this.def.master;
    const own = rule.rows === 'own';
    const keyIn = body.mst[this.mKey.name];
    const isNew = emptyValue(keyIn) || keyIn === '!';
    if (isNew ? !this.canAdd(rule) : !this.canUpd(rule)) throw forbidden();
    const mst = this.validate(masterSchema(this.def, caller.role, own), body.mst, 'mst') as Record<
      string,
      WireValue
    >;
    const rvCol = systemColumn(m, 'rowVersion');
    const sentVersion = rvCol ? body.mst[rvCol.name] : undefined;
    if (!isNew && rvCol && emptyValue(sentVersion))
      throw invalidField(`mst.${rvCol.name}`, 'The record version is required to save changes');
    const d = this.def.detail;
    const dtlIn = body.dtl ?? [];
    if (dtlIn.length && !d) throw invalidField('dtl', 'This screen has no detail rows');
    const dtl = d
      ? dtlIn.map(
          (r, i) =>
            this.validate(detailSchema(this.def, caller.role, own), r, `dtl.${i}`) as Record<
              string,
              WireValue
            >,
        )
      : [];
    const now = this.clock.now().toISOString();

    const savedKey = await this.db.transaction(async (tx) => {
      let stored: Record<string, WireValue> | null = null;
      if (!isNew) {
        stored = await this.loadStored(tx, caller, rule, String(keyIn), true);
        if (!stored) throw notFoundOrDenied(rule);
        if (!this.rowFlags(stored, caller, rule).allowUpd) throw forbidden();
        if (rvCol && !sameValue(stored[rvCol.name], sentVersion))
          throw new ApiError(409, ApiErrorCode.conflict, CONFLICT_MESSAGE);
      }
      this.checkNoForbiddenWrites(m, caller, rule, body.mst, mst, stored);

      const values: Record<string, WireValue> = {};
      for (const c of m.columns)
        if (this.writable(c, caller, rule) && c.name in body.mst) values[c.name] = mst[c.name] ?? null;
      if (isNew)
        for (const c of m.columns)
          if (!(c.name in values) && c.defaultValue !== undefined && !c.system)
            values[c.name] = c.defaultValue;
      const sys = (role: Parameters<typeof systemColumn>[1], v: WireValue) => {
        const c = systemColumn(m, role);
        if (c) values[c.name] = v;
      };
      if (isNew) {
        sys('inputBy', caller.usrId);
        sys('inputOn', now);
        if (own) sys('owner', caller.usrId);
      }
      sys('modifiedBy', caller.usrId);
      sys('modifiedOn', now);
      await this.def.beforeSave?.({ caller, isNew, before: stored, values, exec: tx });
      await this.checkChoices(tx, caller, m, values, stored);

      const cols = Object.keys(values).map((n) => this.col(m, n));
      let key: string;
      if (isNew) {
        const ins = await rows(
          tx,
          cols.length
            ? sql`INSERT INTO ${sql.raw(q(m.table))} (${sql.raw(cols.map((c) => q(c.db)).join(', '))})
                VALUES (${sql.join(
                  cols.map((c) => param(c, values[c.name]!)),
                  sql`, `,
                )})
                RETURNING ${sql.raw(`${q(this.mKey.db)}::text AS k`)}`
            : sql`INSERT INTO ${sql.raw(q(m.table))} DEFAULT VALUES RETURNING ${sql.raw(`${q(this.mKey.db)}::text AS k`)}`,
        );
        key = String(ins[0]!.k);
      } else {
        key = String(stored![this.mKey.name]);
        const sets = cols.map((c) => sql`${sql.raw(q(c.db))} = ${param(c, values[c.name]!)}`);
        if (rvCol) sets.push(sql.raw(`${q(rvCol.db)} = ${q(rvCol.db)} + 1`));
        if (sets.length)
          await tx.execute(
            sql`UPDATE ${sql.raw(q(m.table))} SET ${sql.join(sets, sql`, `)} WHERE ${keyEq(q(this.mKey.db), this.intKey, key)}`,
          );
      }
      for (const c of m.columns) {
        if (!c.audited || !(c.name in values)) continue;
        const before = stored ? stored[c.name] : null;
        if (!sameValue(before, values[c.name]))
          await this.audit(tx, caller, m.table, key, c.name, before ?? null, values[c.name] ?? null);
      }
      if (d) await this.saveDetails(tx, caller, rule, key, dtlIn, dtl);
      return key;
    });
    return { mst: await this.getById(caller, savedKey) };
  }

  private async saveDetails(
    tx: Executor,
    caller: Caller,
    rule: AccessRule,
    mstKey: string,
    sent: Array<Record<string, unknown>>,
    parsed: Array<Record<string, WireValue>>,
  ): Promise<void> {
    const d = this.def.detail!;
    const dKey = this.dKey!;
    const inThisMaster = keyEq(q(d.fk), this.intKey, mstKey);
    const dInt = dKey.type === 'number';
    for (let i = 0; i < parsed.length; i++) {
      const row = parsed[i]!;
      const raw = sent[i]!;
      const id = raw[dKey.name];
      const isNewRow = emptyValue(id);
      let stored: Record<string, WireValue> | null = null;
      if (!isNewRow) {
        const found = await rows(
          tx,
          sql`SELECT ${sql.raw(this.selectList(d, null, 'dt'))} FROM ${sql.raw(q(d.table))} dt
              WHERE ${keyEq(`dt.${q(dKey.db)}`, dInt, id)} AND ${keyEq(`dt.${q(d.fk)}`, this.intKey, mstKey)} FOR UPDATE`,
        );
        if (!found[0]) throw notFoundOrDenied();
        stored = this.toWire(d, found[0]);
      }
      if (raw._mode === 'delete') {
        if (isNewRow) continue;
        await tx.execute(
          sql`DELETE FROM ${sql.raw(q(d.table))} WHERE ${keyEq(q(dKey.db), dInt, id)} AND ${inThisMaster}`,
        );
        continue;
      }
      this.checkNoForbiddenWrites(d, caller, rule, raw, row, stored);
      const values: Record<string, WireValue> = {};
      for (const c of d.columns)
        if (this.writable(c, caller, rule) && c.name in raw) values[c.name] = row[c.name] ?? null;
      await this.checkChoices(tx, caller, d, values, stored, `dtl.${i}.`);
      const cols = Object.keys(values).map((n) => this.col(d, n));
      if (isNewRow && d.allowInsert === false) throw forbidden();
      if (isNewRow) {
        const names = [q(d.fk), ...cols.map((c) => q(c.db))];
        const vals = [sql`${mstKey}::integer`, ...cols.map((c) => param(c, values[c.name]!))];
        for (const c of d.columns) {
          if (c.system === 'inputBy') {
            names.push(q(c.db));
            vals.push(sql`${caller.usrId}`);
          }
          if (c.system === 'inputOn') {
            names.push(q(c.db));
            vals.push(sql`${this.clock.now().toISOString()}::timestamptz`);
          }
        }
        await tx.execute(
          sql`INSERT INTO ${sql.raw(q(d.table))} (${sql.raw(names.join(', '))}) VALUES (${sql.join(vals, sql`, `)})`,
        );
      } else if (cols.length) {
        await tx.execute(
          sql`UPDATE ${sql.raw(q(d.table))} SET ${sql.join(
            cols.map((c) => sql`${sql.raw(q(c.db))} = ${param(c, values[c.name]!)}`),
            sql`, `,
          )} WHERE ${keyEq(q(dKey.db), dInt, id)} AND ${inThisMaster}`,
        );
      }
    }
  }

  async delMst(caller: Caller, body: { mst: Record<string, unknown> }) {
    const rule = this.access(caller);
    if (!this.canDel(rule)) throw forbidden();
    const keyIn = body.mst[this.mKey.name];
    if (emptyValue(keyIn)) throw invalidField(`mst.${this.mKey.name}`, 'The record key is required');
    const m = this.def.master;
    const rvCol = systemColumn(m, 'rowVersion');
    const sentVersion = rvCol ? body.mst[rvCol.name] : undefined;
    await this.db.transaction(async (tx) => {
      const stored = await this.loadStored(tx, caller, rule, String(keyIn), true);
      if (!stored) throw notFoundOrDenied(rule);
      if (!this.rowFlags(stored, caller, rule).allowDel) throw forbidden();
      if (rvCol && !emptyValue(sentVersion) && !sameValue(stored[rvCol.name], sentVersion))
        throw new ApiError(409, ApiErrorCode.conflict, CONFLICT_MESSAGE);
      await this.audit(tx, caller, m.table, String(keyIn), '(record)', 'exists', 'deleted');
      await tx.execute(
        sql`DELETE FROM ${sql.raw(q(m.table))} WHERE ${keyEq(q(this.mKey.db), this.intKey, keyIn)}`,
      );
    });
    return { mst: null };
  }

  // ---- documents ---------------------------------------------------------------------------

  private docColumn(caller: Caller, name: string): ColumnDef {
    const c = this.def.master.columns.find((x) => x.name === name && x.type === 'document');
    if (!c || !this.visible(c, caller)) throw forbidden();
    return c;
  }

  private async docList(c: ColumnDef, mstKey: WireValue) {
    const s = c.documents!;
    const found = await rows(
      this.db,
      sql`SELECT ${sql.raw(`${q(s.key)}::text AS "DocId", ${q(s.name)} AS "DocName", ${q(s.mimeType)} AS "MimeType", ${q(s.size)}::int AS "DocSize", to_char(${q(s.inputOn)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "InputOn"`)}
          FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), this.intKey, mstKey)} ORDER BY ${sql.raw(q(s.key))}`,
    );
    return found.map((r) => ({
      DocId: Number(r.DocId),
      DocName: String(r.DocName),
      MimeType: String(r.MimeType),
      DocSize: Number(r.DocSize),
      InputOn: r.InputOn === null ? null : String(r.InputOn),
    }));
  }

  /** A document column the caller sees (403 otherwise). */
  documentColumn(
    caller: Caller,
    name: string,
  ): ColumnDef & { documents: NonNullable<ColumnDef['documents']> } {
    return this.docColumn(caller, name) as ColumnDef & { documents: NonNullable<ColumnDef['documents']> };
  }

  /**
   * Inside a transaction: locks the record whose documents the caller changes and checks that
   * they may (screen and row flags, the column's write rule); returns the record's key. A record
   * out of scope answers like a missing one.
   */
  async lockForDocWrite(
    tx: Executor,
    caller: Caller,
    mstId: string | number,
    c: ColumnDef,
  ): Promise<WireValue> {
    const rule = this.access(caller);
    if (!this.writable({ ...c, type: 'text' }, caller, rule) || !this.canUpd(rule)) throw forbidden();
    const stored = await this.loadStored(tx, caller, rule, mstId, true);
    if (!stored) throw notFoundOrDenied(rule);
    if (!this.rowFlags(stored, caller, rule).allowUpd) throw forbidden();
    if (c.docWritable && !c.docWritable(stored, caller)) throw forbidden();
    return stored[this.mKey.name]!;
  }

  /** Refuses one more document when the column already holds its maximum. */
  async checkDocCount(tx: Executor, c: ColumnDef, mstKey: WireValue, adding = 1): Promise<void> {
    const s = c.documents!;
    const max = c.maxFiles ?? DEFAULT_MAX_FILES;
    const found = await rows(
      tx,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), this.intKey, mstKey)}`,
    );
    if (Number(found[0]?.n ?? 0) + adding > max) throw invalidField('docJson', tooManyMessage(max));
  }

  async addDocColumnContent(
    caller: Caller,
    args: { mstId: string | number; screenColumnName: string; docJson: unknown },
  ) {
    const c = this.docColumn(caller, args.screenColumnName);
    const s = c.documents!;
    // The file is checked (unpacked, decoded) before the transaction, its verdict told inside.
    const checked = await settled(() => checkDocument(parseDocJson(args.docJson)));
    return this.db.transaction(async (tx) => {
      // Access first (a record out of reach says nothing about the file), then the file.
      const mstKey = await this.lockForDocWrite(tx, caller, args.mstId, c);
      const doc = checked();
      await this.checkDocCount(tx, c, mstKey);
      const ins = await rows(
        tx,
        sql`INSERT INTO ${sql.raw(q(s.table))} (${sql.raw([s.fk, s.name, s.mimeType, s.size, s.content, s.inputBy, s.inputOn].map(q).join(', '))})
            VALUES (${String(mstKey)}::integer, ${doc.fileName}, ${doc.mimeType}, ${doc.bytes.length}, decode(${doc.bytes.toString('base64')}, 'base64'), ${caller.usrId}, ${this.clock.now().toISOString()}::timestamptz)
            RETURNING ${sql.raw(`${q(s.key)}::text AS id`)}`,
      );
      return {
        DocId: Number(ins[0]!.id),
        DocName: doc.fileName,
        MimeType: doc.mimeType,
        DocSize: doc.bytes.length,
      };
    });
  }

  async getDoc(
    caller: Caller,
    args: { mstId: string | number; docId: string | number; screenColumnName: string },
  ): Promise<DocumentContent> {
    const rule = this.access(caller);
    const c = this.docColumn(caller, args.screenColumnName);
    const stored = await this.loadStored(this.db, caller, rule, args.mstId, false);
    if (!stored) throw notFoundOrDenied(rule);
    const s = c.documents!;
    const found = await rows(
      this.db,
      sql`SELECT ${sql.raw(`${q(s.name)} AS name, ${q(s.mimeType)} AS mime, encode(${q(s.content)}, 'base64') AS b64`)}
          FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.key), true, args.docId)} AND ${keyEq(q(s.fk), this.intKey, stored[this.mKey.name])}`,
    );
    const r = found[0];
    if (!r) throw notFoundOrDenied(rule);
    return {
      DocId: Number(args.docId),
      // Names stored before names were cleaned may still hold bidirectional or control characters.
      DocName: safeFileName(String(r.name)),
      MimeType: String(r.mime),
      base64: String(r.b64 ?? '').replace(/\s/g, ''),
    };
  }

  async getDocZipDownload(caller: Caller, keyId: string | number): Promise<DocumentZip> {
    const rule = this.access(caller);
    const stored = await this.loadStored(this.db, caller, rule, keyId, false);
    if (!stored) throw notFoundOrDenied(rule);
    const entries: { name: string; data: Buffer; modified: Date }[] = [];
    for (const c of this.def.master.columns) {
      if (c.type !== 'document' || !this.visible(c, caller)) continue;
      const s = c.documents!;
      const found = await rows(
        this.db,
        sql`SELECT ${sql.raw(`${q(s.name)} AS name, encode(${q(s.content)}, 'base64') AS b64, ${q(s.inputOn)} AS at`)}
            FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), this.intKey, stored[this.mKey.name])} ORDER BY ${sql.raw(q(s.key))}`,
      );
      for (const r of found)
        entries.push({
          name: String(r.name),
          data: Buffer.from(String(r.b64 ?? '').replace(/\s/g, ''), 'base64'),
          modified: r.at ? new Date(r.at as string) : this.clock.now(),
        });
    }
    const names = uniqueNames(entries.map((e) => safeFileName(e.name)));
    const zip = writeZip(entries.map((e, i) => ({ ...e, name: names[i]! })));
    return {
      fileName: `${this.def.entity}-${String(keyId)}.zip`,
      mimeType: 'application/zip',
      base64: zip.toString('base64'),
    };
  }

  // ---- audit -------------------------------------------------------------------------------

  async getStatusHistory(caller: Caller, keyId: string | number): Promise<StatusHistoryEntry[]> {
    const rule = this.access(caller);
    if (rule.rows !== 'all') throw forbidden();
    const stored = await this.loadStored(this.db, caller, rule, keyId, false);
    if (!stored) throw notFoundOrDenied(rule);
    const found = await rows(
      this.db,
      sql`SELECT audit_id::text AS id, column_name, before_value, after_value, changed_by, changed_by_name, changed_by_role,
                 to_char(changed_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_on
          FROM audit_log WHERE table_name = ${this.def.master.table} AND row_key = ${String(keyId)} ORDER BY audit_id DESC`,
    );
    const hide = this.hidesStaff(caller);
    return found.map((r) => {
      const staffEntry = hide && !customerRoles.includes(Number(r.changed_by_role));
      return {
        AuditId: String(r.id),
        ColumnName: String(r.column_name),
        Before: r.before_value === null ? null : String(r.before_value),
        After: r.after_value === null ? null : String(r.after_value),
        ChangedBy: staffEntry ? 0 : Number(r.changed_by),
        ChangedByName: staffEntry ? STAFF_LABEL : String(r.changed_by_name),
        ChangedByRole: Number(r.changed_by_role),
        ChangedOn: String(r.changed_on),
      };
    });
  }
}

const docText = z
  .union([safeText(1000), z.number()])
  .nullable()
  .optional();
const docObject = z
  .object(
    {
      fileName: docText,
      DocName: docText,
      mimeType: docText,
      base64: safeText(Number.MAX_SAFE_INTEGER).nullable().optional(),
      DocTypeCd: docText,
      docType: docText,
      DocDate: docText,
      docDate: docText,
    },
    { error: 'The document must be JSON with fileName, mimeType and base64' },
  )
  .loose();
/** A document as the client sends it (docJson): JSON text or an object with fileName, mimeType,
 * base64 (and a type and date where the column takes them), each text or a number, no NUL. */
export const docJsonInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}, docObject);

/** The document of a docJson: its name, claimed type and bytes. */
export function parseDocJson(docJson: unknown): { fileName: string; mimeType: string; bytes: Buffer } {
  const parsed = docJsonInput.safeParse(docJson);
  if (!parsed.success) {
    const first = toValidationErrors(parsed.error)[0]!;
    throw invalidField(first.field === '(body)' ? 'docJson' : `docJson.${first.field}`, first.message);
  }
  const o = parsed.data;
  const fileName = String(o.fileName ?? o.DocName ?? '').slice(0, 255);
  const mimeType = String(o.mimeType ?? 'application/octet-stream').slice(0, 100);
  const b64 = String(o.base64 ?? '').replace(/^data:[^,]*,/, '');
  if (!fileName) throw invalidField('docJson.fileName', 'The document needs a file name');
  if (!b64 || !/^[A-Za-z0-9+/=\s]+$/.test(b64))
    throw invalidField('docJson.base64', 'The document has no content');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_DOC_BYTES) throw invalidField('docJson', tooLargeMessage());
  return { fileName, mimeType, bytes };
}

/** A real calendar day written YYYY-MM-DD. */
function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  // Year 0 is a valid JavaScript date but not a PostgreSQL one.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text && text >= '0001-01-01';
}
