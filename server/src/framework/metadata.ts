// What a screen tells the client about itself: labels, buttons, help, filters and new rows.
import type { ButtonHlp, ButtonType, ScreenFilter, ScreenHlp, ScreenLabel } from '@payd/schemas';
import {
  buttonSetting,
  buttonTypes,
  pageSizes,
  systemColumn,
  type Caller,
  type ScreenDef,
  type TableDef,
} from './definition.ts';
import { inRoleSet } from './roles.ts';
import type { WireValue } from './rowSchema.ts';
import { labelMap, screenLabelCat } from './labels.ts';
import { accessRule, canAdd, canDel, canUpd, visible } from './access.ts';
import { yn, type ScreenCtx } from './screenContext.ts';

/** GetScreenLabel: the visible columns with their (translated) headers. */
export async function screenLabels(
  ctx: ScreenCtx,
  caller: Caller,
  cultureId: number,
): Promise<ScreenLabel[]> {
  accessRule(ctx.def, caller);
  const labels = await labelMap(ctx.db, cultureId, screenLabelCat(ctx.def), false);
  const cols = (t: TableDef, master: boolean) =>
    t.columns
      .filter((c) => visible(c, caller))
      .map((c) => ({
        ColumnName: c.name,
        ColumnHeader: labels.get(c.name) ?? c.label,
        ColumnType: c.type,
        Required: yn(Boolean(c.required)),
        MasterTable: yn(master),
      }));
  return [...cols(ctx.def.master, true), ...(ctx.def.detail ? cols(ctx.def.detail, false) : [])];
}

/** GetScreenButtonHlp: every button, visible when enabled, allowed by the flags and the role's. */
export async function screenButtons(ctx: ScreenCtx, caller: Caller, cultureId: number): Promise<ButtonHlp[]> {
  const def = ctx.def;
  const rule = accessRule(def, caller);
  const labels = await labelMap(ctx.db, cultureId, 'Buttons', true);
  // A screen's own button text (its definition's label, or a translation) wins over the system one.
  const own = await labelMap(ctx.db, cultureId, screenLabelCat(def), false);
  const detailUpd = Boolean(def.detail) && canUpd(rule);
  const allowed: Record<ButtonType, boolean> = {
    New: canAdd(rule),
    Copy: canAdd(rule),
    Delete: canDel(rule),
    Save: canAdd(rule) || canUpd(rule),
    SaveClose: canAdd(rule) || canUpd(rule),
    DrillDown: true,
    InsRow: detailUpd,
    CopyRow: detailUpd,
    DelRow: detailUpd,
    NewSaveDtl: detailUpd,
  };
  return buttonTypes.map((type) => {
    const s = buttonSetting(def, type);
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

/** GetScreenHlp: title, help, the framework's messages and the page sizes. */
export async function screenHelp(ctx: ScreenCtx, caller: Caller, cultureId: number): Promise<ScreenHlp> {
  accessRule(ctx.def, caller);
  const screen = await labelMap(ctx.db, cultureId, screenLabelCat(ctx.def), false);
  const fw = await labelMap(ctx.db, cultureId, 'Framework', true);
  return {
    ScreenId: ctx.def.screenId,
    ScreenTitle: screen.get('ScreenTitle') ?? ctx.def.title,
    ScreenHelp: screen.get('ScreenHelp') ?? ctx.def.help ?? '',
    NoResultsMsg: fw.get('NoResults') ?? '',
    NoMasterMsg: fw.get('NoMasterSelected') ?? '',
    NoDetailMsg: fw.get('NoDetailSelected') ?? '',
    UnsavedChangesMsg: fw.get('UnsavedChanges') ?? '',
    PageSizes: pageSizes(ctx.def),
  };
}

/** GetScreenFilter: the filters of the caller's role. */
export async function screenFilters(
  ctx: ScreenCtx,
  caller: Caller,
  cultureId: number,
): Promise<ScreenFilter[]> {
  accessRule(ctx.def, caller);
  const labels = await labelMap(ctx.db, cultureId, screenLabelCat(ctx.def), false);
  return (ctx.def.filters ?? [])
    .filter((f) => inRoleSet(f.roles ?? 'all', caller.role))
    .map((f) => ({ ScreenFilterId: f.id, FilterName: labels.get(`Filter${f.id}`) ?? f.label }));
}

/** A new row: the visible columns with their defaults (key '', dropdown texts null). */
export function newRow(t: TableDef, caller: Caller): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const c of t.columns) {
    if (!visible(c, caller)) continue;
    out[c.name] = c.defaultValue ?? (c.system === 'key' ? '' : null);
    if (c.type === 'dropdown') out[`${c.name}Text`] = null;
  }
  return out;
}

/** GetNewMst: a new master row (row version null). */
export function newMaster(def: ScreenDef, caller: Caller): Record<string, WireValue> {
  accessRule(def, caller);
  const row = newRow(def.master, caller);
  const rv = systemColumn(def.master, 'rowVersion');
  if (rv) row[rv.name] = null;
  return row;
}

/** GetNewDtl: a new detail row ({} when the screen has none). */
export function newDetail(def: ScreenDef, caller: Caller): Record<string, WireValue> {
  accessRule(def, caller);
  if (!def.detail) return {};
  return newRow(def.detail, caller);
}
