// The zod schemas of the screen framework's replies (framework/wire.ts, each checked against its
// type): the screen contracts (contracts.ts) reply with them.
import { z } from 'zod';
import type * as w from './wire.ts';

const yn = z.enum(['Y', 'N']);
/** A row on the wire: column names to values (dropdowns also carry `{name}Text`, document
 * columns their list). A screen may describe its rows more closely (screenContracts' `row`). */
export const wireRowReply = z.record(z.string(), z.unknown()) satisfies z.ZodType<w.WireRow>;
export const authCol = z.strictObject({
  ColName: z.string(),
  DisplayName: z.string(),
  ColVisible: yn,
  ColReadOnly: yn,
  MasterTable: yn,
  ColKey: yn.optional(),
  ColVersion: yn.optional(),
}) satisfies z.ZodType<w.AuthCol>;
export const authRow = z.strictObject({
  AllowAdd: yn,
  AllowUpd: yn,
  AllowDel: yn,
  ViewOnly: yn,
  RowScope: z.string().optional(),
}) satisfies z.ZodType<w.AuthRow>;
const columnType = z.enum([
  'text',
  'number',
  'decimal',
  'date',
  'datetime',
  'yn',
  'dropdown',
  'document',
  'image',
]);
export const screenLabel = z.strictObject({
  ColumnName: z.string(),
  ColumnHeader: z.string(),
  ColumnType: columnType,
  Required: yn,
  MasterTable: yn,
}) satisfies z.ZodType<w.ScreenLabel>;
export const label = z.strictObject({ LabelCat: z.string(), LabelKey: z.string(), LabelText: z.string() });
const buttonType = z.enum([
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
]);
export const buttonHlp = z.strictObject({
  ButtonTypeName: buttonType,
  ButtonName: z.string(),
  ButtonToolTip: z.string(),
  ButtonVisible: yn,
  ButtonPlacement: z.string(),
}) satisfies z.ZodType<w.ButtonHlp>;
const count = z.number().int();
export const screenHlp = z.strictObject({
  ScreenId: count,
  ScreenTitle: z.string(),
  ScreenHelp: z.string(),
  NoResultsMsg: z.string(),
  NoMasterMsg: z.string(),
  NoDetailMsg: z.string(),
  UnsavedChangesMsg: z.string(),
  PageSizes: z.strictObject({
    searchTopN: count,
    increment: count,
    detailPageSize: count,
    initTopN: count,
    dropdownTopN: count,
  }),
}) satisfies z.ZodType<w.ScreenHlp>;
export const screenCriterion = z.strictObject({
  ScreenCriId: count,
  ColumnName: z.string(),
  DisplayName: z.string(),
  DdlMethod: z.string(),
  LastCriteria: z.string(),
  InputType: z.literal('date').optional(),
}) satisfies z.ZodType<w.ScreenCriterion>;
export const screenFilter = z.strictObject({
  ScreenFilterId: count,
  FilterName: z.string(),
}) satisfies z.ZodType<w.ScreenFilter>;
export const searchListItem = z.strictObject({
  key: z.string(),
  label: z.string(),
  labelR: z.string(),
  detail: z.string(),
  detailR: z.string(),
}) satisfies z.ZodType<w.SearchListItem>;
export const searchList = z.strictObject({
  total: count,
  data: z.array(searchListItem),
  matchCount: count,
  countCapped: z.boolean().optional(),
}) satisfies z.ZodType<w.SearchList>;
export const choice = z.strictObject({ key: z.string(), label: z.string() }) satisfies z.ZodType<w.Choice>;
export const supportingData = z.record(z.string(), z.array(choice)) satisfies z.ZodType<w.SupportingData>;
export const documentContent = z.strictObject({
  DocId: count,
  DocName: z.string(),
  MimeType: z.string(),
  base64: z.string(),
}) satisfies z.ZodType<w.DocumentContent>;
export const documentZip = z.strictObject({
  fileName: z.string(),
  mimeType: z.string(),
  base64: z.string(),
}) satisfies z.ZodType<w.DocumentZip>;
export const statusHistoryEntry = z.strictObject({
  AuditId: z.string(),
  ColumnName: z.string(),
  Before: z.string().nullable(),
  After: z.string().nullable(),
  ChangedBy: count,
  ChangedByName: z.string(),
  ChangedByRole: count,
  ChangedOn: z.string(),
}) satisfies z.ZodType<w.StatusHistoryEntry>;
/** AddDocColumnContent: the document as stored. */
export const addedDocument = z.strictObject({
  DocId: count,
  DocName: z.string(),
  MimeType: z.string(),
  DocSize: count,
});
export function initPage<Row extends z.ZodType<w.WireRow>>(row: Row) {
  return z.strictObject({
    AuthCol: z.array(authCol).optional(),
    AuthRow: z.array(authRow).optional(),
    ScreenLabel: z.array(screenLabel).optional(),
    ScreenButtonHlp: z.array(buttonHlp).optional(),
    ScreenHlp: screenHlp.optional(),
    ScreenCriteria: z.array(screenCriterion).optional(),
    ScreenFilter: z.array(screenFilter).optional(),
    SearchList: searchList,
    Mst: row,
    Dtl: z.array(wireRowReply),
  });
}
