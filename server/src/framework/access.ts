// Access rules: the caller's screen flags, which columns they see and write, which rows they
// reach (row scope) and how a stored row narrows update and delete (row rule).
import { sql, type SQL } from 'drizzle-orm';
import { ApiErrorCode, type AuthCol } from '@payd/schemas';
import { ApiError, forbidden } from '../wire/errors.ts';
import type { AccessRule, Caller, ColumnDef, ScreenDef, TableDef } from './definition.ts';
import { inRoleSet, isStaff } from './roles.ts';
import { writableFor, type WireValue } from './rowSchema.ts';
import { q } from './sqlText.ts';
import { yn } from './screenContext.ts';

export const NOT_FOUND_MESSAGE = 'Record not found';

/**
 * A record the caller does not reach. Callers limited to their own rows get the same 403
 * 'Access denied' for another customer's record and for a missing one, so ids reveal nothing.
 * Callers reaching every row (staff) have nothing to be hidden from: a missing record answers
 * 404 not_found, which the web shows as 'failed to load required record {id}' without treating
 * it as a refused token.
 */
export function notFoundOrDenied(rule?: AccessRule): ApiError {
  if (rule?.rows === 'all') return new ApiError(404, ApiErrorCode.notFound, NOT_FOUND_MESSAGE);
  return forbidden('Access denied');
}

/** The caller's screen flags, or 403 when the role has no access to this screen. */
export function accessRule(def: ScreenDef, caller: Caller): AccessRule {
  const rule = def.access.find((r) => inRoleSet(r.roles, caller.role));
  if (!rule) throw forbidden();
  return rule;
}

export const canAdd = (rule: AccessRule): boolean => rule.allowAdd && !rule.viewOnly;
export const canUpd = (rule: AccessRule): boolean => rule.allowUpd && !rule.viewOnly;
export const canDel = (rule: AccessRule): boolean => rule.allowDel && !rule.viewOnly;

export function visible(c: ColumnDef, caller: Caller): boolean {
  return inRoleSet(c.visible ?? 'all', caller.role);
}

/** Callers who are not staff get no staff identity: a staff account in a users column reads
 * as STAFF_LABEL with a null id, and is never a choice or a search match (README). */
export function hidesStaff(caller: Caller | null): boolean {
  return caller !== null && !isStaff(caller.role);
}

export function writable(c: ColumnDef, caller: Caller, rule: AccessRule): boolean {
  return !rule.viewOnly && writableFor(c, caller.role, rule.rows === 'own');
}

/** Row scope: the rows a caller reaches (all, or their own by user id or registered wallet). */
export function scopeWhere(def: ScreenDef, caller: Caller, rule: AccessRule, alias = 'm'): SQL {
  if (rule.rows === 'all') return sql`TRUE`;
  const owner = def.master.owner;
  if (!owner) return sql`FALSE`;
  const byUser = sql.raw(`${alias}.${q(owner.userColumn)}`);
  if (!owner.walletColumn) return sql`${byUser} = ${caller.usrId}`;
  const byWallet = sql.raw(`lower(${alias}.${q(owner.walletColumn)})`);
  return sql`(${byUser} = ${caller.usrId} OR ${byWallet} IN (SELECT lower(address) FROM wallets WHERE usr_id = ${caller.usrId}))`;
}

/** GetAuthCol: every column with whether the caller sees and writes it. */
export function authCols(def: ScreenDef, caller: Caller): AuthCol[] {
  const rule = accessRule(def, caller);
  const cols = (t: TableDef, master: boolean) =>
    t.columns.map((c) => ({
      ColName: c.name,
      DisplayName: c.label,
      ColVisible: yn(visible(c, caller)),
      ColReadOnly: yn(!writable(c, caller, rule)),
      MasterTable: yn(master),
      // The record's key and its row version: the client sends both back unchanged on save
      // (the key names the record, the version detects a concurrent edit) and clears both on Copy.
      ColKey: yn(c.system === 'key'),
      ColVersion: yn(c.system === 'rowVersion'),
    }));
  return [...cols(def.master, true), ...(def.detail ? cols(def.detail, false) : [])];
}

/** Update and delete flags for one stored row: the screen flags narrowed by the row rule. */
export function rowFlags(
  def: ScreenDef,
  stored: Record<string, WireValue>,
  caller: Caller,
  rule: AccessRule,
): { allowUpd: boolean; allowDel: boolean } {
  const r = def.rowRule?.(stored, caller) ?? { allowUpd: true, allowDel: true };
  return { allowUpd: canUpd(rule) && r.allowUpd, allowDel: canDel(rule) && r.allowDel };
}
