// The common operations of one screen service as protocol methods: each implements its contract
// (packages/schemas framework/contracts.ts screenContracts), requires a signed-in caller and hands
// the call to the screen's engine.
import {
  dropdownContract,
  screenContracts,
  type InitPage,
  type LoadInitOptions,
  type ScreenShape,
  type SupportingData,
  type WireRow,
} from '@payd/schemas';
import { implement } from '../wire/implement.ts';
import type { MethodContext, MethodDefinition } from '../wire/method.ts';
import { accessDenied } from '../wire/errors.ts';
import type { Caller, ScreenDef } from './definition.ts';
import type { ScreenEngine } from './engine.ts';
import { DOC_BODY_LIMIT } from './docContent.ts';

const masterFlag = (v: boolean | 'Y' | 'N' | 'true' | 'false' | undefined) =>
  v === undefined || v === true || v === 'Y' || v === 'true';

/** What a screen's contracts depend on (screenContracts): service, entity, document columns and
 * dropdowns. */
export function screenShape(def: ScreenDef): ScreenShape {
  const docs = (t: { columns: readonly { name: string; type: string }[] } | undefined) =>
    (t?.columns ?? []).filter((c) => c.type === 'document').map((c) => c.name);
  const dropdowns = [...def.master.columns, ...(def.detail?.columns ?? [])]
    .filter((c) => c.dropdown)
    .map((c) => c.name);
  return {
    service: def.service,
    entity: def.entity,
    documents: { master: docs(def.master), detail: docs(def.detail) },
    dropdowns: [...new Set(dropdowns)],
  };
}

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

/** The shapes of the screens whose methods were built (newest per service): with allContracts
 * (packages/schemas contract/all.ts) they give every screen method's contract. */
const served = new Map<string, ScreenShape>();
export function servedScreens(): ScreenShape[] {
  return [...served.values()];
}

/** Every common operation of the engine's screen, plus one Get{Column}List per dropdown. */
export function screenMethods(engine: ScreenEngine): MethodDefinition[] {
  const shape = screenShape(engine.def);
  served.set(shape.service, shape);
  const k = screenContracts(shape);
  const u = (ctx: MethodContext) => caller(ctx);
  const methods: MethodDefinition[] = [
    implement(k.GetAuthCol, async (_b, ctx) => engine.getAuthCol(u(ctx))),
    implement(k.GetAuthRow, (b, ctx) => engine.getAuthRow(u(ctx), b.keyId)),
    implement(k.GetScreenLabel, (_b, ctx) => engine.getScreenLabel(u(ctx), ctx.scope.cultureId)),
    implement(k.GetLabels, (b, ctx) => engine.getLabels(u(ctx), ctx.scope.cultureId, b.labelCat, false)),
    implement(k.GetSystemLabels, (b, ctx) => engine.getLabels(u(ctx), ctx.scope.cultureId, b.labelCat, true)),
    implement(k.GetScreenButtonHlp, (_b, ctx) => engine.getScreenButtonHlp(u(ctx), ctx.scope.cultureId)),
    implement(k.GetScreenHlp, (_b, ctx) => engine.getScreenHlp(u(ctx), ctx.scope.cultureId)),
    implement(k.GetScreenCriteria, (_b, ctx) => engine.getScreenCriteria(u(ctx), ctx.scope.cultureId)),
    implement(k.GetNewMst, async (_b, ctx) => engine.getNewMst(u(ctx))),
    implement(k.GetNewDtl, async (_b, ctx) => engine.getNewDtl(u(ctx))),
    implement(k.GetScreenFilter, (_b, ctx) => engine.getScreenFilter(u(ctx), ctx.scope.cultureId)),
    implement(k.GetSearchList, (b, ctx) =>
      engine.getSearchList(u(ctx), { ...b, desiredScreenCriteria: b.desiredScreenCriteria ?? undefined }),
    ),
    implement(k.List, (b, ctx) =>
      engine.getList(u(ctx), { ...b, desiredScreenCriteria: b.desiredScreenCriteria ?? undefined }),
    ),
    implement(k.ById, (b, ctx) => engine.getById(u(ctx), b.keyId)),
    implement(k.DtlById, (b, ctx) =>
      engine.getDtlById(u(ctx), b.keyId, b.filterId ?? undefined, b.options ?? undefined),
    ),
    implement(k.LoadInitPage, (b, ctx) => loadInitPage(engine, u(ctx), ctx, b.options)),
    implement(k.SaveData, async (b, ctx) => {
      const saved = await engine.saveData(u(ctx), { mst: b.mst, dtl: b.dtl ?? [], options: b.options });
      ctx.setMessage('Saved');
      return saved;
    }),
    implement(k.DelMst, async (b, ctx) => {
      const r = await engine.delMst(u(ctx), b);
      ctx.setMessage('Deleted');
      return r;
    }),
    implement(k.SetScreenCriteria, (b, ctx) =>
      engine.setScreenCriteria(u(ctx), b.criteriaValues, ctx.scope.cultureId),
    ),
    implement(k.GetRefColumnContent, (b, ctx) => engine.getRefColumnContent(u(ctx), b)),
    implement(k.GetColumnContent, (b, ctx) =>
      engine.getColumnContent(u(ctx), {
        mstId: b.mstId,
        dtlId: b.dtlId ?? undefined,
        screenColumnName: b.screenColumnName,
        isMaster: masterFlag(b.isMaster),
      }),
    ),
    implement(k.GetScreenCriteriaDdlList, (b, ctx) => engine.getScreenCriteriaDdlList(u(ctx), b)),
    // A 10 MB document travels as base64: this method alone takes bodies over the app's 1 MB.
    implement(k.AddDocColumnContent, (b, ctx) => engine.addDocColumnContent(u(ctx), b), {
      bodyLimit: DOC_BODY_LIMIT,
    }),
    implement(k.GetDoc, (b, ctx) => engine.getDoc(u(ctx), b)),
    implement(k.GetDocZipDownload, (b, ctx) => engine.getDocZipDownload(u(ctx), b.keyId)),
    implement(k.GetStatusHistory, (b, ctx) => engine.getStatusHistory(u(ctx), b.keyId)),
  ];
  const seen = new Set<string>();
  for (const col of engine.dropdownColumns()) {
    if (seen.has(col.name)) continue;
    seen.add(col.name);
    methods.push(
      implement(dropdownContract(engine.def.service, col.name), (b, ctx) =>
        engine.dropdown(u(ctx), col.name, b),
      ),
    );
  }
  return methods;
}

/** Everything a screen needs to open in one call; Skip* options leave parts out. */
async function loadInitPage(
  engine: ScreenEngine,
  c: Caller,
  ctx: MethodContext,
  o: LoadInitOptions,
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
