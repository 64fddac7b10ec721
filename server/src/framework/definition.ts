// A screen definition: everything the engine needs to serve the common operations of one
// {Service}Ws screen (tables, columns with their wire names, role flags, buttons, criteria,
// filters, page sizes, row scope). Pure data plus a few rule functions; no I/O.
import type { ButtonType, ColumnType, PageSizes } from '@payd/schemas';
import { defaultPageSizes } from '@payd/schemas';
import type { RoleSet } from './roles.ts';
import type { Executor } from './sqlText.ts';

/** Where a dropdown's choices come from. */
export type DropdownSource =
  /** The ref_codes table, one category (reference data: statuses, genders, request types...). */
  | { kind: 'ref'; cat: string }
  /** Another table; with ownerColumn a customer only sees rows they own. */
  | { kind: 'table'; table: string; key: string; label: string; ownerColumn?: string };

/** Columns the server fills itself; a client never writes them. */
export type SystemRole =
  'key' | 'owner' | 'inputBy' | 'inputOn' | 'modifiedBy' | 'modifiedOn' | 'rowVersion' | 'foreignKey';

/** Where a document column keeps its files: one row per document, pointing at its record. */
export interface DocumentStore {
  table: string;
  key: string;
  /** Column holding the owning record's key. */
  fk: string;
  name: string;
  mimeType: string;
  size: string;
  content: string;
  inputOn: string;
  inputBy: string;
}

export interface ColumnDef {
  /** Wire name, e.g. `Name15`. */
  name: string;
  /** Database column. */
  db: string;
  type: ColumnType;
  /** Label key (labels table, category `screen:<Service>`) and its culture-1 text. */
  label: string;
  required?: boolean;
  maxLength?: number;
  /** Bounds of number and decimal columns. */
  min?: number;
  max?: number;
  /** Decimal places a decimal column keeps. */
  scale?: number;
  /** Dropdown columns: where the choices come from; the lookup is Get{name}List. */
  dropdown?: DropdownSource;
  /** Dropdown keys stored as integers (otherwise text). */
  integerKey?: boolean;
  /** Who may see the column; hidden columns never leave the server. Default: all. */
  visible?: RoleSet;
  /** Who may see but not change the column. Default: none. */
  readOnly?: RoleSet;
  system?: SystemRole;
  /** Value of a new record (GetNewMst / GetNewDtl). */
  defaultValue?: string | number;
  /** Changes are written to the audit table (who, when, before, after). */
  audited?: boolean;
  /** Document columns: where the files live. */
  documents?: DocumentStore;
  /** Document columns: most files one record holds (default 999999, spec 002 section 9). */
  maxFiles?: number;
  /** Document columns: whether the caller may add or remove files of this stored record (on top
   * of the screen and row flags). */
  docWritable?: (row: Readonly<Record<string, unknown>>, caller: Caller) => boolean;
  /** A shared rule (packages/schemas) a non-empty value must pass first: its message, or
   * undefined. The web form applies the same function, so both say the same thing. */
  check?: (value: string) => string | undefined;
  /** Message when a required value is missing (default '{label} is required'). */
  requiredMessage?: string;
  /** Detail columns too heavy for every row of Get{Entity}DtlById (a validator's deposit data):
   * the list gives the value only on rows where this other column (wire name, same table) is
   * empty and null on the others, unless the call asks for every value (`options.AllColumns`
   * 'Y'). The column stays in every row, so the reply keeps its shape. */
  listedWhenEmpty?: string;
}

export interface TableDef {
  table: string;
  columns: readonly ColumnDef[];
}

export interface MasterDef extends TableDef {
  /** Row scope of customers: rows whose owner column is their user id, or whose wallet column
   * is one of their registered wallets (criterion Eth1WithdrawalAddr10). */
  owner?: { userColumn: string; walletColumn?: string };
}

export interface DetailDef extends TableDef {
  /** Suffix of the detail entity, e.g. `KycPersonDoc15`. */
  entity: string;
  /** Ordering of detail rows (db column). */
  orderBy: string;
  orderDir?: 'asc' | 'desc';
  /** Detail rows may be created through SaveData (false: only through their own calls, e.g.
   * documents through AddDocColumnContent). Default true. */
  allowInsert?: boolean;
}

/** Screen flags of one group of roles; rows: which rows they reach. */
export interface AccessRule {
  roles: RoleSet;
  rows: 'all' | 'own';
  allowAdd: boolean;
  allowUpd: boolean;
  allowDel: boolean;
  viewOnly: boolean;
}

export interface ButtonSetting {
  label: string;
  /** L list, B both, M master only (any code other than L and B). */
  placement: 'L' | 'B' | 'M';
  /** Shown at all on this screen (flags may still hide it for a role). */
  enabled: boolean;
  /** Roles it is shown to (default: every role of the screen). */
  roles?: RoleSet;
}

export interface CriterionDef {
  /** ScreenCriId. */
  id: number;
  /** Wire column the criterion restricts. */
  column: string;
  label: string;
  dropdown?: DropdownSource;
  /**
   * How the value restricts the column: 'eq' (default, case-insensitive equality), or a date
   * range end on a date or datetime column: 'from' (on or after that day) and 'to' (on or before
   * it, the whole day, UTC). Range values are days (YYYY-MM-DD).
   */
  op?: 'eq' | 'from' | 'to';
}

export interface FilterDef {
  /** ScreenFilterId. */
  id: number;
  label: string;
  /** Rows whose column holds one of these values. */
  column: string;
  in: readonly string[];
  /** Who is offered the filter. Default: all. */
  roles?: RoleSet;
}

/** Caller as the rules see it. */
export interface Caller {
  usrId: number;
  usrName: string;
  role: number;
}

/** Row-level authorisation (GetAuthRow): narrows the screen flags for one stored row. */
export type RowRule = (
  row: Readonly<Record<string, unknown>>,
  caller: Caller,
) => { allowUpd: boolean; allowDel: boolean };

/** Server-side values a screen sets on save (wire names → values), after validation; it may
 * refuse the save by throwing (e.g. invalidField), and reads through `exec`, the save's transaction. */
export type SaveHook = (args: {
  caller: Caller;
  isNew: boolean;
  /** Stored master before the save (wire values), null when new. */
  before: Readonly<Record<string, unknown>> | null;
  /** Master values about to be written (wire values); the hook may change system-owned ones. */
  values: Record<string, unknown>;
  exec: Executor;
  /** The server clock's time of the save (rules about today, e.g. a date not in the future). */
  now: Date;
}) => void | Promise<void>;

export interface ScreenDef {
  screenId: number;
  /** Service name without `Ws`, e.g. `KycPerson`. */
  service: string;
  /** Entity name of the list and record calls, e.g. `KycPerson15` (GetKycPerson15List). */
  entity: string;
  /** Culture-1 screen title. */
  title: string;
  master: MasterDef;
  detail?: DetailDef & { fk: string };
  searchList: {
    label: string;
    labelR?: string;
    detail?: string;
    detailR?: string;
    /** Columns the quick search matches (their displayed text, or with `**` their stored value). */
    search: readonly string[];
    orderBy: string;
    orderDir?: 'asc' | 'desc';
  };
  access: readonly AccessRule[];
  buttons?: Partial<Record<ButtonType, Partial<ButtonSetting>>>;
  criteria?: readonly CriterionDef[];
  filters?: readonly FilterDef[];
  pageSizes?: Partial<PageSizes>;
  rowRule?: RowRule;
  beforeSave?: SaveHook;
  /** Culture-1 help text (GetScreenHlp). */
  help?: string;
}

/** One rule for server and web (packages/schemas). */
export { defaultPageSizes };

export const buttonTypes: readonly ButtonType[] = [
  'New',
  'Copy',
  'Delete',
  'Save',
  'SaveClose',
  'DrillDown',
  'InsRow',
  'CopyRow',
  'DelRow',
  'NewSaveDtl',
];

const defaultButtons: Record<ButtonType, ButtonSetting> = {
  New: { label: 'New', placement: 'B', enabled: true },
  Copy: { label: 'Copy', placement: 'M', enabled: true },
  Delete: { label: 'Delete', placement: 'M', enabled: true },
  Save: { label: 'Save', placement: 'M', enabled: true },
  SaveClose: { label: 'Save & Close', placement: 'M', enabled: true },
  DrillDown: { label: 'Drill Down', placement: 'L', enabled: false },
  InsRow: { label: 'Insert Row', placement: 'M', enabled: true },
  CopyRow: { label: 'Copy Row', placement: 'M', enabled: true },
  DelRow: { label: 'Delete Row', placement: 'M', enabled: true },
  NewSaveDtl: { label: 'Save Row', placement: 'M', enabled: true },
};

export function buttonSetting(def: ScreenDef, type: ButtonType): ButtonSetting {
  return { ...defaultButtons[type], ...def.buttons?.[type] };
}

export function pageSizes(def: ScreenDef): PageSizes {
  return { ...defaultPageSizes, ...def.pageSizes };
}

const identifier = /^[a-z_][a-z0-9_]*$/;
const wireName = /^[A-Za-z][A-Za-z0-9_]*$/;

function checkTable(where: string, t: TableDef): void {
  if (!identifier.test(t.table)) throw new Error(`${where}: bad table name ${t.table}`);
  const names = new Set<string>();
  for (const c of t.columns) {
    if (!wireName.test(c.name)) throw new Error(`${where}: bad wire name ${c.name}`);
    if (!identifier.test(c.db)) throw new Error(`${where}: bad column ${c.db}`);
    if (names.has(c.name)) throw new Error(`${where}: duplicate column ${c.name}`);
    names.add(c.name);
    if (c.type === 'dropdown' && !c.dropdown) throw new Error(`${where}: dropdown ${c.name} has no source`);
    if (c.type === 'document' && !c.documents) throw new Error(`${where}: document ${c.name} has no store`);
    const src = c.dropdown;
    if (src?.kind === 'table' && ![src.table, src.key, src.label].every((x) => identifier.test(x)))
      throw new Error(`${where}: bad dropdown source of ${c.name}`);
    if (
      c.documents &&
      !Object.values(c.documents as Record<keyof DocumentStore, string>).every((x) => identifier.test(x))
    )
      throw new Error(`${where}: bad document store of ${c.name}`);
  }
  for (const c of t.columns)
    if (c.listedWhenEmpty !== undefined && !t.columns.some((o) => o.name === c.listedWhenEmpty))
      throw new Error(`${where}: ${c.name} is listed by an unknown column ${c.listedWhenEmpty}`);
  const keys = t.columns.filter((c) => c.system === 'key');
  if (keys.length !== 1) throw new Error(`${where}: needs exactly one key column`);
}

/** Checks a definition once at start (identifiers are spliced into SQL, so they must be plain). */
export function defineScreen(def: ScreenDef): ScreenDef {
  const where = `screen ${def.service}`;
  if (!wireName.test(def.service) || !wireName.test(def.entity)) throw new Error(`${where}: bad names`);
  checkTable(where, def.master);
  if (def.detail) {
    checkTable(`${where} detail`, def.detail);
    if (!identifier.test(def.detail.fk) || !identifier.test(def.detail.orderBy))
      throw new Error(`${where}: bad detail fk/order`);
  }
  const col = (n: string) => def.master.columns.find((c) => c.name === n);
  for (const n of [
    def.searchList.label,
    def.searchList.labelR,
    def.searchList.detail,
    def.searchList.detailR,
    def.searchList.orderBy,
    ...def.searchList.search,
    ...(def.criteria ?? []).map((c) => c.column),
    ...(def.filters ?? []).map((f) => f.column),
  ]) {
    if (n !== undefined && !col(n)) throw new Error(`${where}: unknown column ${n}`);
  }
  for (const o of [def.master.owner?.userColumn, def.master.owner?.walletColumn]) {
    if (o !== undefined && !identifier.test(o)) throw new Error(`${where}: bad owner column`);
  }
  return def;
}

export function keyColumn(t: TableDef): ColumnDef {
  return t.columns.find((c) => c.system === 'key')!;
}

export function systemColumn(t: TableDef, role: SystemRole): ColumnDef | undefined {
  return t.columns.find((c) => c.system === role);
}
