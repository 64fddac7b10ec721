// Access rules on their own (no database): screen flags per role, columns seen and written,
// the row scope a caller gets and how a row rule narrows update and delete.
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { defineScreen, type Caller } from './definition.ts';
import { num, text } from './columns.ts';
import { Role } from './roles.ts';
import { accessRule, authCols, notFoundOrDenied, rowFlags, scopeWhere, visible, writable } from './access.ts';

const def = defineScreen({
  screenId: 91,
  service: 'TestNote',
  entity: 'TestNote11',
  title: 'Notes',
  master: {
    table: 't_note',
    owner: { userColumn: 'usr_id', walletColumn: 'wallet' },
    columns: [
      num('NoteId11', 'note_id', 'Id', { system: 'key' }),
      num('UsrId11', 'usr_id', 'User', { system: 'owner' }),
      text('Wallet11', 'wallet', 'Wallet'),
      text('Body11', 'body', 'Body', { readOnly: 'staff' }),
      text('Secret11', 'secret', 'Secret', { visible: 'staff' }),
      text('StatusCd11', 'status_cd', 'Status'),
    ],
  },
  searchList: { label: 'Body11', search: ['Body11'], orderBy: 'NoteId11' },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false },
    {
      roles: [Role.operator],
      rows: 'all',
      allowAdd: false,
      allowUpd: true,
      allowDel: false,
      viewOnly: false,
    },
  ],
  rowRule: (row) => ({ allowUpd: row.StatusCd11 !== 'DONE', allowDel: row.StatusCd11 === 'NEW' }),
});

const ann: Caller = { usrId: 7, usrName: 'ann@example.com', role: Role.borrower };
const op: Caller = { usrId: 8, usrName: 'op@payd.test', role: Role.operator };
const admin: Caller = { usrId: 9, usrName: 'admin@payd.test', role: Role.admin };
const column = (name: string) => def.master.columns.find((c) => c.name === name)!;
const render = (s: ReturnType<typeof scopeWhere>) => new PgDialect().sqlToQuery(s);

describe('access rules', () => {
  it('refuses a role with no rule on the screen with 403', () => {
    expect(() => accessRule(def, admin)).toThrow(expect.objectContaining({ httpStatus: 403 }));
    expect(accessRule(def, ann).rows).toBe('own');
  });

  it('hides staff-only columns from customers and keeps read-only columns unwritable', () => {
    expect(visible(column('Secret11'), ann)).toBe(false);
    expect(visible(column('Secret11'), op)).toBe(true);
    expect(writable(column('Body11'), ann, accessRule(def, ann))).toBe(true);
    expect(writable(column('Body11'), op, accessRule(def, op))).toBe(false);
    const cols = authCols(def, ann);
    expect(cols.find((c) => c.ColName === 'Secret11')).toMatchObject({ ColVisible: 'N', ColReadOnly: 'Y' });
    expect(cols.find((c) => c.ColName === 'NoteId11')).toMatchObject({ ColKey: 'Y', ColReadOnly: 'Y' });
  });

  it('limits a customer to rows with their id or their wallets, with the id as a parameter', () => {
    const own = render(scopeWhere(def, ann, accessRule(def, ann)));
    expect(own.sql).toContain('m."usr_id" = $1');
    expect(own.sql).toContain('FROM wallets WHERE usr_id = $2');
    expect(own.params).toEqual([7, 7]);
    expect(render(scopeWhere(def, op, accessRule(def, op))).sql).toBe('TRUE');
  });

  it('narrows update and delete by the row rule, never beyond the screen flags', () => {
    const opRule = accessRule(def, op);
    expect(rowFlags(def, { StatusCd11: 'NEW' }, op, opRule)).toEqual({ allowUpd: true, allowDel: false });
    const annRule = accessRule(def, ann);
    expect(rowFlags(def, { StatusCd11: 'NEW' }, ann, annRule)).toEqual({ allowUpd: true, allowDel: true });
    expect(rowFlags(def, { StatusCd11: 'DONE' }, ann, annRule)).toEqual({ allowUpd: false, allowDel: false });
  });

  it('answers an unreached record 404 to callers reaching every row and 403 to the others', () => {
    expect(notFoundOrDenied(accessRule(def, op)).httpStatus).toBe(404);
    expect(notFoundOrDenied(accessRule(def, ann)).httpStatus).toBe(403);
  });
});
