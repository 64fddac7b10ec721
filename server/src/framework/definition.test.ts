import { describe, expect, it } from 'vitest';
import { defineScreen, type ScreenDef } from './definition.ts';
import { num, text } from './columns.ts';
import { prefixQuery } from './sqlText.ts';
import { inRoleSet, Role } from './roles.ts';

const base: ScreenDef = {
  screenId: 99,
  service: 'Thing',
  entity: 'Thing9',
  title: 'Things',
  master: {
    table: 'thing',
    columns: [num('ThingId9', 'thing_id', 'Id', { system: 'key' }), text('Name9', 'name', 'Name')],
  },
  searchList: { label: 'Name9', search: ['Name9'], orderBy: 'ThingId9' },
  access: [{ roles: 'all', rows: 'all', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false }],
};

describe('defineScreen', () => {
  it('accepts a plain definition', () => {
    expect(defineScreen(base)).toBe(base);
  });

  it('refuses identifiers that could carry SQL, unknown columns and a missing key', () => {
    expect(() =>
      defineScreen({ ...base, master: { ...base.master, table: 'thing; drop table users' } }),
    ).toThrow(/bad table/);
    expect(() =>
      defineScreen({
        ...base,
        master: { table: 'thing', columns: [...base.master.columns, text('X9', 'x"y', 'X')] },
      }),
    ).toThrow(/bad column/);
    expect(() => defineScreen({ ...base, searchList: { ...base.searchList, search: ['Nope9'] } })).toThrow(
      /unknown column Nope9/,
    );
    expect(() =>
      defineScreen({ ...base, master: { table: 'thing', columns: [text('Name9', 'name', 'Name')] } }),
    ).toThrow(/exactly one key/);
  });
});

describe('prefixQuery', () => {
  it('turns words into prefix terms and drops tsquery syntax', () => {
    expect(prefixQuery('Jo  Smi')).toBe('jo:* & smi:*');
    expect(prefixQuery("a|b & !c:* 'd'")).toBe('a:* & b:* & c:* & d:*');
    expect(prefixQuery('  ')).toBeNull();
    expect(prefixQuery('bob@example.com')).toBe('bob:* & example:* & com:*');
  });
});

describe('role sets', () => {
  it('separates customers from staff', () => {
    expect(inRoleSet('customers', Role.lender)).toBe(true);
    expect(inRoleSet('customers', Role.operator)).toBe(false);
    expect(inRoleSet('staff', Role.admin)).toBe(true);
    expect(inRoleSet([Role.kycReviewer], Role.admin)).toBe(false);
    expect(inRoleSet('none', Role.admin)).toBe(false);
  });
});
