import { describe, expect, it } from 'vitest';
import { defineScreen, type ScreenDef } from './definition.ts';
import { num, text } from './columns.ts';
import { prefixTerms } from './sqlText.ts';
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
    expect(() =>
      defineScreen({
        ...base,
        master: {
          table: 'thing',
          columns: [...base.master.columns, text('Big9', 'big', 'Big', { listedWhenEmpty: 'Nope9' })],
        },
      }),
    ).toThrow(/unknown column Nope9/);
  });
});

describe('prefixTerms', () => {
  it('turns words into prefix terms and drops tsquery syntax', () => {
    const parsed = (q: string) => prefixTerms(q)?.map((t) => t.parsed);
    expect(parsed('Jo  Smi')).toEqual(['jo:*', 'smi:*']);
    expect(parsed("a|b & !c:* 'd'")).toEqual(['a:* & b:*', 'c:*', 'd:*']);
    expect(prefixTerms('  ')).toBeNull();
    expect(prefixTerms("  & ' ")).toBeNull();
  });

  it('also matches an e-mail address or a hyphenated word as a whole', () => {
    expect(prefixTerms('Bob@Exa')).toEqual([{ parsed: 'bob:* & exa:*', whole: "'bob@exa':*" }]);
    expect(prefixTerms('bo-docs-1f')).toEqual([{ parsed: 'bo:* & docs:* & 1f:*', whole: "'bo-docs-1f':*" }]);
    expect(prefixTerms("o'ne")).toEqual([{ parsed: 'o:* & ne:*', whole: null }]);
    expect(prefixTerms('5e88ddf2')).toEqual([{ parsed: '5e88ddf2:*', whole: null }]);
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
