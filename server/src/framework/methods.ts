// The common operations of one screen service as protocol methods: each validates its body,
// requires a signed-in caller and hands the call to the screen's engine.
import { z } from 'zod';
import {
  pgInt,
  recordId,
  safeText,
  scalar,
  wireRowWithDocuments,
  type InitPage,
  type SupportingData,
  type WireRow,
} from '@payd/schemas';
import { defineMethod, type MethodContext, type MethodDefinition } from '../wire/method.ts';
import { accessDenied } from '../wire/errors.ts';
import type { Caller } from './definition.ts';
import { docJsonInput, type ScreenEngine } from './engine.ts';
import { DOC_BODY_LIMIT } from './docContent.ts';

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
const isMaster = z.union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])]).optional();
const masterFlag = (v: z.infer<typeof isMaster>) =>
  v === undefined || v === true || v === 'Y' || v === 'true';

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
/** SaveData and DelMst bodies of a screen: rows of scalars, where the screen's document columns may
 * carry their list as read (a record saved back as it came; the save ignores the list). */
function rowBodies(def: ScreenEngine['def']) {
  const docs = (t: { columns: readonly { name: string; type: string }[] } | undefined) =>
    (t?.columns ?? []).filter((c) => c.type === 'document').map((c) => c.name);
  const mst = wireRowWithDocuments(docs(def.master));
  const dtl = wireRowWithDocuments(docs(def.detail));
  return {
    saveBody: z
      .object({ mst, dtl: z.array(dtl).max(1000).nullable().optional(), options: z.unknown().optional() })
      .loose(),
    delBody: z.object({ mst, options: z.unknown().optional() }).loose(),
  };
}
const setCriteriaBody = z.object({ criteriaValues: criteria }).loose();
const refBody = z
  .object({
    mstId: id.optional(),
    dtlId: id.optional(),
    refKeyId: id,
    refScreenColumnName: safeText(100),
    isMaster,
    options: z.unknown().optional(),
  })
  .loose();
const columnBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    screenColumnName: safeText(100),
    columnName: safeText(100).optional(),
    isMaster,
  })
  .loose();
const ddlBody = z.object({ query: safeText(200).optional(), topN, filterBy: z.unknown().optional() }).loose();
const criDdlBody = ddlBody.extend({ screenCriId });
const addDocBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    isMaster,
    screenColumnName: safeText(100),
    docJson: docJsonInput,
    options: z.unknown().optional(),
  })
  .loose();
const getDocBody = z
  .object({
    mstId: id,
    dtlId: id.optional().nullable(),
    isMaster,
    docId: id,
    screenColumnName: safeText(100),
  })
  .loose();
const zipBody = z.object({ keyId: id, options: z.unknown().optional() }).loose();

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

/** Every common operation of the engine's screen, plus one Get{Column}List per dropdown. */
export function screenMethods(engine: ScreenEngine): MethodDefinition[] {
  const def = engine.def;
  const service = def.service;
  const entity = def.entity;
  const { saveBody, delBody } = rowBodies(def);
  const m = <S extends z.ZodType>(
    method: string,
    body: S,
    handler: (b: z.output<S>, c: Caller, ctx: MethodContext) => Promise<unknown> | unknown,
  ): MethodDefinition =>
    defineMethod({
      service,
      method,
      body,
      auth: 'user',
      handler: async (b, ctx) => handler(b, caller(ctx), ctx),
    }) as unknown as MethodDefinition;

  const methods: MethodDefinition[] = [
    m('GetAuthCol', empty, (_b, c) => engine.getAuthCol(c)),
    m('GetAuthRow', empty.extend({ keyId: id.optional() }), (b, c) => engine.getAuthRow(c, b.keyId)),
    m('GetScreenLabel', empty, (_b, c, ctx) => engine.getScreenLabel(c, ctx.scope.cultureId)),
    m('GetLabels', labelsBody, (b, c, ctx) => engine.getLabels(c, ctx.scope.cultureId, b.labelCat, false)),
    m('GetSystemLabels', labelsBody, (b, c, ctx) =>
      engine.getLabels(c, ctx.scope.cultureId, b.labelCat, true),
    ),
    m('GetScreenButtonHlp', empty, (_b, c, ctx) => engine.getScreenButtonHlp(c, ctx.scope.cultureId)),
    m('GetScreenHlp', empty, (_b, c, ctx) => engine.getScreenHlp(c, ctx.scope.cultureId)),
    m('GetScreenCriteria', empty, (_b, c, ctx) => engine.getScreenCriteria(c, ctx.scope.cultureId)),
    m('GetNewMst', empty, (_b, c) => engine.getNewMst(c)),
    m('GetNewDtl', empty, (_b, c) => engine.getNewDtl(c)),
    m('GetScreenFilter', empty, (_b, c, ctx) => engine.getScreenFilter(c, ctx.scope.cultureId)),
    m('GetSearchList', searchBody, (b, c) =>
      engine.getSearchList(c, { ...b, desiredScreenCriteria: b.desiredScreenCriteria ?? undefined }),
    ),
    m(`Get${entity}List`, searchBody, (b, c) =>
      engine.getList(c, { ...b, desiredScreenCriteria: b.desiredScreenCriteria ?? undefined }),
    ),
    m(`Get${entity}ById`, byIdBody, (b, c) => engine.getById(c, b.keyId)),
    m(`Get${entity}DtlById`, dtlByIdBody, (b, c) =>
      engine.getDtlById(c, b.keyId, b.filterId ?? undefined, b.options ?? undefined),
    ),
    m('LoadInitPage', loadInitBody, (b, c, ctx) => loadInitPage(engine, c, ctx, b.options)),
    m('SaveData', saveBody, async (b, c, ctx) => {
      const saved = await engine.saveData(c, { mst: b.mst, dtl: b.dtl ?? [], options: b.options });
      ctx.setMessage('Saved');
      return saved;
    }),
    m('DelMst', delBody, async (b, c, ctx) => {
      const r = await engine.delMst(c, b);
      ctx.setMessage('Deleted');
      return r;
    }),
    m('SetScreenCriteria', setCriteriaBody, (b, c) => engine.setScreenCriteria(c, b.criteriaValues)),
    m('GetRefColumnContent', refBody, (b, c) => engine.getRefColumnContent(c, b)),
    m('GetColumnContent', columnBody, (b, c) =>
      engine.getColumnContent(c, {
        mstId: b.mstId,
        dtlId: b.dtlId ?? undefined,
        screenColumnName: b.screenColumnName,
        isMaster: masterFlag(b.isMaster),
      }),
    ),
    m('GetScreenCriteriaDdlList', criDdlBody, (b, c) => engine.getScreenCriteriaDdlList(c, b)),
    // A 10 MB document travels as base64: this method alone takes bodies over the app's 1 MB.
    {
      ...m('AddDocColumnContent', addDocBody, (b, c) => engine.addDocColumnContent(c, b)),
      bodyLimit: DOC_BODY_LIMIT,
    },
    m('GetDoc', getDocBody, (b, c) => engine.getDoc(c, b)),
    m('GetDocZipDownload', zipBody, (b, c) => engine.getDocZipDownload(c, b.keyId)),
    m('GetStatusHistory', zipBody, (b, c) => engine.getStatusHistory(c, b.keyId)),
  ];
  const seen = new Set<string>();
  for (const col of engine.dropdownColumns()) {
    if (seen.has(col.name)) continue;
    seen.add(col.name);
    methods.push(m(`Get${col.name}List`, ddlBody, (b, c) => engine.dropdown(c, col.name, b)));
  }
  return methods;
}

type InitOptions = z.output<typeof loadInitBody>['options'];

/** Everything a screen needs to open in one call; Skip* options leave parts out. */
async function loadInitPage(
  engine: ScreenEngine,
  c: Caller,
  ctx: MethodContext,
  o: InitOptions,
): Promise<InitPage> {
  const culture = ctx.scope.cultureId;
  let meta: Omit<InitPage, 'SearchList' | 'Mst' | 'Dtl'> = {};
  if (o.SkipMetaData !== 'Y') {
    meta = {
      AuthCol: engine.getAuthCol(c),
      AuthRow: await engine.getAuthRow(c),
      ScreenLabel: await engine.getScreenLabel(c, culture),
      ScreenButtonHlp: await engine.getScreenButtonHlp(c, culture),
      ScreenHlp: await engine.getScreenHlp(c, culture),
      ScreenCriteria: await engine.getScreenCriteria(c, culture),
      ScreenFilter: await engine.getScreenFilter(c, culture),
    };
  } else {
    engine.access(c);
  }
  const topN = o.TopN ?? 50;
  const list = await engine.getSearchList(c, { topN });
  let mstId = o.MstId === undefined || o.MstId === null || o.MstId === '' ? undefined : String(o.MstId);
  if (mstId === undefined && o.FirstOrDefault === 'Y') mstId = list.data[0]?.key;
  const isNew = mstId === undefined || mstId === '!';
  const Mst: WireRow = isNew ? engine.getNewMst(c) : await engine.getById(c, mstId!);
  const Dtl: WireRow[] = isNew ? [] : await engine.getDtlById(c, mstId!);
  if (o.SkipSupportingData !== 'Y') {
    const supporting: SupportingData = {};
    for (const col of engine.dropdownColumns()) {
      if (!engine.visible(col, c) || supporting[`Get${col.name}List`]) continue;
      supporting[`Get${col.name}List`] = await engine.dropdown(c, col.name, {});
    }
    ctx.setSupportingData(supporting);
  }
  return { ...meta, SearchList: list, Mst, Dtl };
}
