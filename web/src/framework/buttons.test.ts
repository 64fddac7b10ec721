import { describe, expect, it } from 'vitest';
import { isRecordLocked, visibleButtons, type ButtonContext } from './buttons.ts';
import type { AuthRow, ButtonHlp, ButtonType } from '@payd/schemas';

const settings: ButtonHlp[] = (
  [
    ['New', 'B'],
    ['Copy', 'M'],
    ['Delete', 'M'],
    ['Save', 'M'],
    ['SaveClose', 'M'],
    ['DrillDown', 'L'],
    ['InsRow', 'M'],
    ['CopyRow', 'M'],
    ['DelRow', 'M'],
    ['NewSaveDtl', 'M'],
  ] as [ButtonType, string][]
).map(([t, p]) => ({
  ButtonTypeName: t,
  ButtonName: t,
  ButtonToolTip: t,
  ButtonVisible: 'Y',
  ButtonPlacement: p,
}));

const flags = (add: boolean, upd: boolean, del: boolean, view = false): AuthRow => ({
  AllowAdd: add ? 'Y' : 'N',
  AllowUpd: upd ? 'Y' : 'N',
  AllowDel: del ? 'Y' : 'N',
  ViewOnly: view ? 'Y' : 'N',
});
const ctx = (f: AuthRow, over: Partial<ButtonContext> = {}): ButtonContext => ({
  flags: f,
  hasMaster: true,
  masterSaved: true,
  hasDetail: true,
  hasDetailTable: true,
  ...over,
});
const types = (s: ButtonHlp[], place: 'list' | 'master' | 'detail', c: ButtonContext) =>
  visibleButtons(s, place, c).map((b) => b.type);

describe('button visibility', () => {
  it('full rights show every master and row button of a saved record', () => {
    const c = ctx(flags(true, true, true));
    expect(types(settings, 'master', c)).toEqual(['New', 'Copy', 'Delete', 'Save', 'SaveClose']);
    expect(types(settings, 'detail', c)).toEqual(['InsRow', 'CopyRow', 'DelRow', 'NewSaveDtl']);
    expect(types(settings, 'list', c)).toEqual(['New', 'DrillDown']);
  });

  it('ViewOnly hides every button that changes data', () => {
    const c = ctx(flags(true, true, true, true));
    expect(types(settings, 'master', c)).toEqual([]);
    expect(types(settings, 'detail', c)).toEqual([]);
  });

  it('update without add or delete: Save but no New, Copy or Delete', () => {
    const c = ctx(flags(false, true, false));
    expect(types(settings, 'master', c)).toEqual(['Save', 'SaveClose']);
    expect(types(settings, 'list', c)).toEqual(['DrillDown']);
  });

  it('a new record saves with AllowAdd even without AllowUpd, and cannot be copied or deleted', () => {
    const c = ctx(flags(true, false, true), { masterSaved: false });
    expect(types(settings, 'master', c)).toEqual(['New', 'Save', 'SaveClose']);
  });

  it("the server's ButtonVisible N hides a button whatever the flags", () => {
    const hidden = settings.map((b) =>
      b.ButtonTypeName === 'Copy' ? { ...b, ButtonVisible: 'N' as const } : b,
    );
    expect(types(hidden, 'master', ctx(flags(true, true, true)))).not.toContain('Copy');
  });

  it('row buttons need a detail table, and CopyRow/DelRow a selected row', () => {
    expect(types(settings, 'detail', ctx(flags(true, true, true), { hasDetailTable: false }))).toEqual([]);
    expect(types(settings, 'detail', ctx(flags(true, true, true), { hasDetail: false }))).toEqual(['InsRow']);
  });

  it('no flags (screen not loaded) shows nothing', () => {
    expect(types(settings, 'master', { ...ctx(flags(true, true, true)), flags: undefined })).toEqual([]);
  });
});

describe('record lock', () => {
  const flags = (f: Partial<AuthRow>) =>
    ({ ViewOnly: 'N', AllowAdd: 'Y', AllowUpd: 'Y', AllowDel: 'Y', ...f }) as AuthRow;

  it('locks without flags and on a view-only screen', () => {
    expect(isRecordLocked(undefined, false)).toBe(true);
    expect(isRecordLocked(flags({ ViewOnly: 'Y' }), true)).toBe(true);
  });

  it('needs the right to update a saved record and to add a new one', () => {
    expect(isRecordLocked(flags({ AllowUpd: 'N' }), true)).toBe(true);
    expect(isRecordLocked(flags({ AllowUpd: 'N' }), false)).toBe(false);
    expect(isRecordLocked(flags({ AllowAdd: 'N' }), false)).toBe(true);
    expect(isRecordLocked(flags({ AllowAdd: 'N' }), true)).toBe(false);
  });
});
