// What a screen tells a client about new rows (no database).
import { describe, expect, it } from 'vitest';
import { defineScreen, type Caller } from './definition.ts';
import { num, ref, text } from './columns.ts';
import { Role } from './roles.ts';
import { newDetail, newMaster } from './metadata.ts';

const def = defineScreen({
  screenId: 94,
  service: 'TestNew',
  entity: 'TestNew14',
  title: 'New rows',
  master: {
    table: 't_new',
    columns: [
      num('NewId14', 'new_id', 'Id', { system: 'key' }),
      text('Name14', 'name', 'Name', { defaultValue: 'unnamed' }),
      text('Secret14', 'secret', 'Secret', { visible: 'staff' }),
      num('RowVersion14', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  searchList: { label: 'Name14', search: ['Name14'], orderBy: 'NewId14' },
  access: [
    { roles: 'customers', rows: 'all', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false },
  ],
});
const ann: Caller = { usrId: 7, usrName: 'ann@example.com', role: Role.borrower };
const op: Caller = { usrId: 8, usrName: 'op@payd.test', role: Role.operator };

describe('new rows', () => {
  it('gives the visible columns with their defaults, an empty key and no version', () => {
    expect(newMaster(def, ann)).toEqual({ NewId14: '', Name14: 'unnamed', RowVersion14: null });
  });

  it('gives no detail row on a screen without detail rows, and 403 to a role without access', () => {
    expect(newDetail(def, ann)).toEqual({});
    expect(() => newMaster(def, op)).toThrow(expect.objectContaining({ httpStatus: 403 }));
  });

  it('names the text of a dropdown column', () => {
    const withRef = {
      ...def,
      master: { ...def.master, columns: [...def.master.columns, ref('Cd14', 'cd', 'Code', 'yn')] },
    };
    expect(newMaster(withRef, ann)).toMatchObject({ Cd14: null, Cd14Text: null });
  });
});
