// Which buttons a screen shows: the server's button settings (GetScreenButtonHlp: visible, label,
// placement) narrowed by the screen and row flags (GetAuthRow) and by what is on screen.
import type { AuthRow, ButtonHlp, ButtonType } from '@payd/schemas';

export interface ButtonContext {
  /** Flags of the screen, or of the open record when it has been loaded with its key. */
  flags: AuthRow | undefined;
  /** A master record is open. */
  hasMaster: boolean;
  /** The open master has been saved (it has a key). */
  masterSaved: boolean;
  /** A detail row is selected. */
  hasDetail: boolean;
  /** The screen has a detail table. */
  hasDetailTable: boolean;
}

export interface ShownButton {
  type: ButtonType;
  label: string;
  tooltip: string;
}

const masterButtons: ButtonType[] = ['New', 'Copy', 'Delete', 'Save', 'SaveClose'];
const rowButtons: ButtonType[] = ['InsRow', 'CopyRow', 'DelRow', 'NewSaveDtl'];

function allowedByFlags(type: ButtonType, f: AuthRow | undefined, ctx: ButtonContext): boolean {
  if (!f) return false;
  const view = f.ViewOnly === 'Y';
  const add = f.AllowAdd === 'Y' && !view;
  const upd = f.AllowUpd === 'Y' && !view;
  const del = f.AllowDel === 'Y' && !view;
  switch (type) {
    case 'New':
      return add;
    case 'Copy':
      return add && ctx.masterSaved;
    case 'Delete':
      return del && ctx.masterSaved;
    case 'Save':
    case 'SaveClose':
      return ctx.hasMaster && (ctx.masterSaved ? upd : add);
    case 'DrillDown':
      return ctx.masterSaved;
    case 'InsRow':
      return ctx.hasDetailTable && ctx.hasMaster && (ctx.masterSaved ? upd : add);
    case 'CopyRow':
    case 'DelRow':
    case 'NewSaveDtl':
      return ctx.hasDetailTable && ctx.hasDetail && (ctx.masterSaved ? upd : add);
  }
}

/**
 * Buttons of one place: 'list' shows placement L and B; 'master' shows B and every other code
 * (the master record's buttons); 'detail' shows the row buttons.
 */
export function visibleButtons(
  settings: readonly ButtonHlp[],
  place: 'list' | 'master' | 'detail',
  ctx: ButtonContext,
): ShownButton[] {
  return settings
    .filter((b) => b.ButtonVisible === 'Y')
    .filter((b) => {
      const p = b.ButtonPlacement;
      const row = rowButtons.includes(b.ButtonTypeName);
      if (place === 'list') return p === 'L' || p === 'B';
      if (place === 'detail') return row && p !== 'L';
      return (
        !row && p !== 'L' && (masterButtons.includes(b.ButtonTypeName) || b.ButtonTypeName === 'DrillDown')
      );
    })
    .filter((b) => allowedByFlags(b.ButtonTypeName, ctx.flags, ctx))
    .map((b) => ({ type: b.ButtonTypeName, label: b.ButtonName, tooltip: b.ButtonToolTip }));
}

/** The record's fields cannot be edited: no flags, a view-only screen, or no right to update a
 * saved record or to add a new one. */
export function isRecordLocked(flags: AuthRow | undefined, masterSaved: boolean): boolean {
  return !flags || flags.ViewOnly === 'Y' || (masterSaved ? flags.AllowUpd !== 'Y' : flags.AllowAdd !== 'Y');
}
