// Wire shapes of the screen framework's common operations (spec 001 section 4: GetAuthCol,
// GetAuthRow, GetScreenLabel, GetScreenButtonHlp, GetScreenHlp, criteria, filters, search list,
// LoadInitPage, documents): the server's engine returns them and the web's generic screen reads
// them, both from this one definition.

/** The protocol's booleans. */
export type YN = 'Y' | 'N';
/** How a column is shown and checked (GetScreenLabel ColumnType). */
export type ColumnType =
  'text' | 'number' | 'decimal' | 'date' | 'datetime' | 'yn' | 'dropdown' | 'document' | 'image';

/** A row on the wire: wire column names to values (dropdowns also carry `{name}Text`). */
export type WireRow = Record<string, unknown>;

/** GetAuthCol: one entry per column of master and detail. */
export interface AuthCol {
  ColName: string;
  DisplayName: string;
  ColVisible: YN;
  ColReadOnly: YN;
  MasterTable: YN;
  /** The key column of its table. */
  ColKey?: YN;
  /** The row version column (sent back unchanged; a stale one is refused). */
  ColVersion?: YN;
}

/** GetAuthRow: the caller's screen flags (narrowed by the row rule when keyId is sent). */
export interface AuthRow {
  AllowAdd: YN;
  AllowUpd: YN;
  AllowDel: YN;
  ViewOnly: YN;
  RowScope?: string;
}

/** GetScreenLabel: the visible columns with their culture's header and type. */
export interface ScreenLabel {
  ColumnName: string;
  ColumnHeader: string;
  ColumnType: ColumnType;
  Required: YN;
  MasterTable: YN;
}

/** The buttons a screen can show (GetScreenButtonHlp ButtonTypeName). */
export type ButtonType =
  | 'New'
  | 'Copy'
  | 'Delete'
  | 'Save'
  | 'SaveClose'
  | 'DrillDown'
  | 'InsRow'
  | 'CopyRow'
  | 'DelRow'
  | 'NewSaveDtl';

/** GetScreenButtonHlp: visibility, label and placement (L list, B both, other: master only). */
export interface ButtonHlp {
  ButtonTypeName: ButtonType;
  ButtonName: string;
  ButtonToolTip: string;
  ButtonVisible: YN;
  ButtonPlacement: string;
}

/** Page sizes of a screen (GetScreenHlp.PageSizes). */
export interface PageSizes {
  /** Search list TopN and its 'View N more' increment. */
  searchTopN: number;
  increment: number;
  /** Detail page size ('View more' adds a page). */
  detailPageSize: number;
  /** LoadInitPage search TopN. */
  initTopN: number;
  /** Dropdown query TopN. */
  dropdownTopN: number;
}

/** GetScreenHlp. */
export interface ScreenHlp {
  ScreenId: number;
  ScreenTitle: string;
  ScreenHelp: string;
  NoResultsMsg: string;
  NoMasterMsg: string;
  NoDetailMsg: string;
  UnsavedChangesMsg: string;
  PageSizes: PageSizes;
}

export interface ScreenCriterion {
  ScreenCriId: number;
  ColumnName: string;
  DisplayName: string;
  DdlMethod: string;
  LastCriteria: string;
  /** 'date' for a date range end (a day, YYYY-MM-DD); absent for text. */
  InputType?: 'date';
}

export interface ScreenFilter {
  ScreenFilterId: number;
  FilterName: string;
}

/** One row of a search list. */
export interface SearchListItem {
  key: string;
  label: string;
  labelR: string;
  detail: string;
  detailR: string;
}

/** GetSearchList. */
export interface SearchList {
  total: number;
  data: SearchListItem[];
  matchCount: number;
  countCapped?: boolean;
}

/** A dropdown choice (Get{Column}List and the supportingData of LoadInitPage). */
export interface Choice {
  key: string;
  label: string;
}

/** LoadInitPage reply data (metadata parts absent with SkipMetaData=Y). */
export interface InitPage {
  AuthCol?: AuthCol[];
  AuthRow?: AuthRow[];
  ScreenLabel?: ScreenLabel[];
  ScreenButtonHlp?: ButtonHlp[];
  ScreenHlp?: ScreenHlp;
  ScreenCriteria?: ScreenCriterion[];
  ScreenFilter?: ScreenFilter[];
  SearchList: SearchList;
  Mst: WireRow;
  Dtl: WireRow[];
}

/** LoadInitPage supportingData: `Get{Column}List` to its choices. */
export type SupportingData = Record<string, Choice[]>;

/** A document of a document column (Get{Entity}ById lists them). */
export interface DocumentInfo {
  DocId: number;
  DocName: string;
  MimeType: string;
  DocSize: number;
  InputOn: string | null;
}

/** GetDoc. */
export interface DocumentContent {
  DocId: number;
  DocName: string;
  MimeType: string;
  base64: string;
}

/** GetDocZipDownload: every document of a record in one zip. */
export interface DocumentZip {
  fileName: string;
  mimeType: string;
  base64: string;
}

/** GetStatusHistory: one recorded staff change of a record (who, when, before, after), newest first. */
export interface StatusHistoryEntry {
  AuditId: string;
  ColumnName: string;
  Before: string | null;
  After: string | null;
  ChangedBy: number;
  ChangedByName: string;
  ChangedByRole: number;
  ChangedOn: string;
}
