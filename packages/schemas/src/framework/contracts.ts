// The contracts of the generic screen framework's methods (contract/contract.ts), parameterised by
// screen: every screen service {Service}Ws serves the same common operations (spec 001 section 4),
// with Get{Entity}List/ById/DtlById named after its entity and one Get{Column}List per dropdown.
// `screenContracts` gives them for one screen (the server implements them in
// server/src/framework/methods.ts); the web calls them through `screenRefs` (framework/methods.ts).
// Replies are the wire shapes of framework/wire.ts.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import { pgInt, recordId, safeText, scalar, wireRowWithDocuments } from '../fields.ts';
import type * as w from './wire.ts';
import {
  addedDocument,
  authCol,
  authRow,
  buttonHlp,
  choice,
  documentContent,
  documentZip,
  initPage,
  label,
  screenCriterion,
  screenFilter,
  screenHlp,
  screenLabel,
  searchList,
  searchListItem,
  statusHistoryEntry,
  supportingData,
  wireRowReply,
} from './wireSchemas.ts';

export * from './wireSchemas.ts';

// ---- bodies ------------------------------------------------------------------------------------

const id = recordId;
const topN = z.coerce.number().int().min(1).max(32767).optional();
const filterId = z
  .union([safeText(20), pgInt])
  .transform(String)
  .optional();
const yesNo = z.enum(['Y', 'N']).optional();
// A criterion's value is one scalar (text, number, Y/N): an object or a list is refused here.
const screenCriId = z.union([safeText(20), pgInt]);
const criteria = z.union([
  z.array(z.object({ ScreenCriId: screenCriId, LastCriteria: scalar.optional() }).loose()).max(1000),
  z.record(safeText(20), scalar),
]);
export const isMasterFlag = z.union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])]).optional();

const empty = z.object({}).loose();
const labelsBody = z.object({ labelCat: safeText(100).min(1) }).loose();
const searchBody = z
  .object({
    searchStr: safeText(200).optional().default(''),
    topN,
    filterId,
    desiredScreenCriteria: criteria.optional().nullable(),
  })
  .loose();
const byIdBody = z.object({ keyId: id, options: z.unknown().optional() }).loose();
const dtlOptions = z
  .object({
    FilteredColumn: safeText(100).optional(),
    FilteredValue: safeText(200).optional(),
    Limit: z.coerce.number().int().min(0).max(1_000_000).optional(),
    /** 'Y': heavy columns (`listedWhenEmpty`) on every row. */
    AllColumns: z.enum(['Y', 'N']).optional(),
  })
  .loose();
const dtlByIdBody = z
  .object({ keyId: id, options: dtlOptions.optional().nullable(), filterId: filterId.nullable() })
  .loose();
const loadInitBody = z
  .object({
    options: z
      .object({
        SkipMetaData: yesNo,
        SkipSupportingData: yesNo,
        SkipOnDemandData: yesNo,
        ReAuth: yesNo,
        FirstOrDefault: yesNo,
        MstId: id.optional().nullable(),
        TopN: topN,
      })
      .loose()
      .optional()
      .default({}),
  })
  .loose();
export type LoadInitOptions = z.output<typeof loadInitBody>['options'];
const setCriteriaBody = z.object({ criteriaValues: criteria }).loose();
const refBody = z
  .object({
    mstId: id.optional(),
    dtlId: id.optional(),
    refKeyId: id,
    refScreenColumnName: safeText(100),
    isMaster: isMasterFlag,
    options: z.unknown().optional(),
  })
  .loose();
const columnBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    screenColumnName: safeText(100),
    columnName: safeText(100).optional(),
    isMaster: isMasterFlag,
  })
  .loose();
const ddlBody = z.object({ query: safeText(200).optional(), topN, filterBy: z.unknown().optional() }).loose();
const criDdlBody = ddlBody.extend({ screenCriId });

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
const addDocBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    isMaster: isMasterFlag,
    screenColumnName: safeText(100),
    docJson: docJsonInput,
    options: z.unknown().optional(),
  })
  .loose();
const getDocBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    isMaster: isMasterFlag,
    docId: id,
    screenColumnName: safeText(100),
  })
  .loose();
const zipBody = z.object({ keyId: id, options: z.unknown().optional() }).loose();

// ---- one screen's contracts -------------------------------------------------------------------

/** What the contracts of one screen depend on: its service and entity, the document columns of its
 * master and detail (their rows may carry the document list back in a save), its dropdowns. */
export interface ScreenShape<Service extends string = string, Entity extends string = string> {
  service: Service;
  entity: Entity;
  documents?: { master?: readonly string[]; detail?: readonly string[] };
  /** Columns with a dropdown: each has a Get{Column}List. */
  dropdowns?: readonly string[];
}

/** One screen method's contract: signed-in callers (the screen's own rules then apply). */
function screenContract<
  const Service extends string,
  const M extends string,
  B extends z.ZodType,
  R extends z.ZodType,
  S extends z.ZodType | undefined = undefined,
>(service: Service, method: M, summary: string, body: B, reply: R, supporting?: S) {
  return defineContract({
    service,
    method,
    summary,
    auth: 'user',
    body,
    reply,
    ...(supporting ? { supporting } : {}),
  } as { service: Service; method: M; summary: string; auth: 'user'; body: B; reply: R; supporting?: S });
}

/** The metadata operations of a screen (columns, labels, buttons, help, criteria, filters). */
function metadataContracts<const Service extends string, Row extends z.ZodType<w.WireRow>>(
  service: Service,
  mstRow: Row,
) {
  const c = <const M extends string, B extends z.ZodType, R extends z.ZodType>(
    method: M,
    summary: string,
    body: B,
    reply: R,
  ) => screenContract(service, method, summary, body, reply);
  return {
    GetAuthCol: c(
      'GetAuthCol',
      'The columns of the screen and what the caller may do with each.',
      empty,
      z.array(authCol),
    ),
    GetAuthRow: c(
      'GetAuthRow',
      "The caller's add, update and delete rights (for one record when keyId is sent).",
      empty.extend({ keyId: id.optional() }),
      z.array(authRow),
    ),
    GetScreenLabel: c(
      'GetScreenLabel',
      'The visible columns with their headers and types.',
      empty,
      z.array(screenLabel),
    ),
    GetLabels: c(
      'GetLabels',
      "The labels of one category in the caller's culture.",
      labelsBody,
      z.array(label),
    ),
    GetSystemLabels: c('GetSystemLabels', 'The system labels of one category.', labelsBody, z.array(label)),
    GetScreenButtonHlp: c(
      'GetScreenButtonHlp',
      "The screen's buttons: shown or not, label, placement.",
      empty,
      z.array(buttonHlp),
    ),
    GetScreenHlp: c('GetScreenHlp', "The screen's title, help, messages and page sizes.", empty, screenHlp),
    GetScreenCriteria: c(
      'GetScreenCriteria',
      "The screen's search criteria with the caller's last values.",
      empty,
      z.array(screenCriterion),
    ),
    GetNewMst: c('GetNewMst', 'A new master record with its defaults.', empty, mstRow),
    GetNewDtl: c('GetNewDtl', 'A new detail row with its defaults.', empty, wireRowReply),
    GetScreenFilter: c('GetScreenFilter', "The screen's saved filters.", empty, z.array(screenFilter)),
  };
}

/**
 * The contracts of one screen service, by method name (List, ById and DtlById: Get{Entity}List,
 * Get{Entity}ById, Get{Entity}DtlById). `row` describes its master record
 * (Get{Entity}ById, GetNewMst, SaveData's mst, LoadInitPage's Mst); any wire row by default.
 */
export function screenContracts<
  const Service extends string,
  const Entity extends string,
  Row extends z.ZodType<w.WireRow> = typeof wireRowReply,
>(screen: ScreenShape<Service, Entity>, row?: Row) {
  const { service, entity } = screen;
  const mstRow = (row ?? wireRowReply) as Row;
  const mstIn = wireRowWithDocuments(screen.documents?.master ?? []);
  const dtlIn = wireRowWithDocuments(screen.documents?.detail ?? []);
  const c = <
    const M extends string,
    B extends z.ZodType,
    R extends z.ZodType,
    S extends z.ZodType | undefined = undefined,
  >(
    method: M,
    summary: string,
    body: B,
    reply: R,
    supporting?: S,
  ) => screenContract(service, method, summary, body, reply, supporting);
  return {
    ...metadataContracts(service, mstRow),
    GetSearchList: c(
      'GetSearchList',
      'The records matching a search, with how many match.',
      searchBody,
      searchList,
    ),
    /** Get{Entity}List. */
    List: c(
      `Get${entity}List` as `Get${Entity}List`,
      'The records matching a search, without the counts.',
      searchBody,
      z.array(searchListItem),
    ),
    /** Get{Entity}ById. */
    ById: c(`Get${entity}ById` as `Get${Entity}ById`, 'One record the caller may see.', byIdBody, mstRow),
    /** Get{Entity}DtlById. */
    DtlById: c(
      `Get${entity}DtlById` as `Get${Entity}DtlById`,
      "A record's detail rows, filtered and limited.",
      dtlByIdBody,
      z.array(wireRowReply),
    ),
    LoadInitPage: c(
      'LoadInitPage',
      'Everything the screen needs to open in one call (Skip* options leave parts out).',
      loadInitBody,
      initPage(mstRow),
      supportingData,
    ),
    SaveData: c(
      'SaveData',
      'Adds or updates a record and its detail rows; the record as saved.',
      z
        .object({
          mst: mstIn,
          dtl: z.array(dtlIn).max(1000).nullable().optional(),
          options: z.unknown().optional(),
        })
        .loose(),
      z.strictObject({ mst: mstRow }),
    ),
    DelMst: c(
      'DelMst',
      'Deletes a record (its row version checked).',
      z.object({ mst: mstIn, options: z.unknown().optional() }).loose(),
      z.strictObject({ mst: z.null() }),
    ),
    SetScreenCriteria: c(
      'SetScreenCriteria',
      "Saves the caller's criteria; them as stored.",
      setCriteriaBody,
      z.array(screenCriterion),
    ),
    GetRefColumnContent: c(
      'GetRefColumnContent',
      'The record a dropdown value points at (its key and text).',
      refBody,
      choice.nullable(),
    ),
    GetColumnContent: c(
      'GetColumnContent',
      "One column's value of a record (content loaded on demand).",
      columnBody,
      z.unknown(),
    ),
    GetScreenCriteriaDdlList: c(
      'GetScreenCriteriaDdlList',
      'The choices of a criterion with a dropdown.',
      criDdlBody,
      z.array(choice),
    ),
    AddDocColumnContent: c(
      'AddDocColumnContent',
      'Adds a document to a document column of a record.',
      addDocBody,
      addedDocument,
    ),
    GetDoc: c('GetDoc', 'One document of a record, with its content (base64).', getDocBody, documentContent),
    GetDocZipDownload: c(
      'GetDocZipDownload',
      'Every document of a record in one zip (base64).',
      zipBody,
      documentZip,
    ),
    GetStatusHistory: c(
      'GetStatusHistory',
      'The recorded staff changes of a record, newest first.',
      zipBody,
      z.array(statusHistoryEntry),
    ),
  };
}

/** The contract of a dropdown column's Get{Column}List on a screen service. */
export function dropdownContract<const Service extends string, const Column extends string>(
  service: Service,
  column: Column,
) {
  return defineContract({
    service,
    method: `Get${column}List` as `Get${Column}List`,
    summary: `The choices of the ${column} dropdown.`,
    auth: 'user',
    body: ddlBody,
    reply: z.array(choice),
  });
}

/** Every contract of one screen: its common operations and one per dropdown. */
export function screenContractList(screen: ScreenShape) {
  return [
    ...Object.values(screenContracts(screen)),
    ...[...new Set(screen.dropdowns ?? [])].map((col) => dropdownContract(screen.service, col)),
  ];
}

export type ScreenContracts<Service extends string, Entity extends string> = ReturnType<
  typeof screenContracts<Service, Entity>
>;
