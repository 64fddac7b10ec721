// The web's references to one screen service's contracts (framework/contracts.ts), free of their
// schemas: `screenRefs<Row>(service, entity)` names the same methods screenContracts defines, typed
// by them, with the screen's master record typed as Row.
import type { BodyOf, MethodRef, ReplyOf, SupportingOf } from '../contract/contract.ts';
import type { ScreenContracts } from './contracts.ts';
import type { Choice, InitPage, WireRow } from './wire.ts';

type C = ScreenContracts<string, string>;
type RefOf<K extends keyof C> = MethodRef<BodyOf<C[K]>, ReplyOf<C[K]>, SupportingOf<C[K]>>;
type RowRef<K extends keyof C, Reply> = MethodRef<BodyOf<C[K]>, Reply, SupportingOf<C[K]>>;

type Same = Exclude<keyof C, 'GetNewMst' | 'ById' | 'LoadInitPage' | 'SaveData' | 'DelMst'>;

export type ScreenRefs<Row extends WireRow = WireRow> = { readonly [K in Same]: RefOf<K> } & {
  readonly GetNewMst: RowRef<'GetNewMst', Row>;
  readonly ById: RowRef<'ById', Row>;
  readonly LoadInitPage: RowRef<'LoadInitPage', Omit<InitPage, 'Mst'> & { Mst: Row }>;
  // The generic screen holds its rows as read (WireRow): SaveData and DelMst take them so, and the
  // server checks each cell against its column (the contract's body).
  readonly SaveData: MethodRef<{ mst: WireRow; dtl?: WireRow[] | null; options?: unknown }, { mst: Row }>;
  readonly DelMst: MethodRef<{ mst: WireRow; options?: unknown }, ReplyOf<C['DelMst']>>;
  /** Get{Column}List of a dropdown column. */
  dropdown(column: string): MethodRef<{ query?: string; topN?: number; filterBy?: unknown }, Choice[]>;
};

const COMMON = [
  'GetAuthCol',
  'GetAuthRow',
  'GetScreenLabel',
  'GetLabels',
  'GetSystemLabels',
  'GetScreenButtonHlp',
  'GetScreenHlp',
  'GetScreenCriteria',
  'GetNewMst',
  'GetNewDtl',
  'GetScreenFilter',
  'GetSearchList',
  'LoadInitPage',
  'SaveData',
  'DelMst',
  'SetScreenCriteria',
  'GetRefColumnContent',
  'GetColumnContent',
  'GetScreenCriteriaDdlList',
  'AddDocColumnContent',
  'GetDoc',
  'GetDocZipDownload',
  'GetStatusHistory',
] as const satisfies readonly (keyof C)[];

/** The references of one screen service's methods (Row: its master record). */
export function screenRefs<Row extends WireRow = WireRow>(service: string, entity: string): ScreenRefs<Row> {
  const refs: Record<string, unknown> = Object.fromEntries(
    COMMON.map((method) => [method, { service, method }]),
  );
  refs.List = { service, method: `Get${entity}List` };
  refs.ById = { service, method: `Get${entity}ById` };
  refs.DtlById = { service, method: `Get${entity}DtlById` };
  refs.dropdown = (column: string) => ({ service, method: `Get${column}List` });
  return refs as unknown as ScreenRefs<Row>;
}
