// The search list's conditions on their own (no database): which filter, criteria and quick
// search a caller's list is narrowed by. The list itself is tested in engine.test.ts.
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { defineScreen, type Caller } from './definition.ts';
import { date, num, text } from './columns.ts';
import { Role } from './roles.ts';
import { screenContext } from './screenContext.ts';
import type { Db } from '../db/database.ts';
import { containedWords, criteriaWhere, filterWhere, searchWhere } from './searchQuery.ts';

const def = defineScreen({
  screenId: 93,
  service: 'TestSearch',
  entity: 'TestSearch13',
  title: 'Search',
  master: {
    table: 't_search',
    columns: [
      num('SearchId13', 'search_id', 'Id', { system: 'key' }),
      text('Name13', 'name', 'Name'),
      text('StatusCd13', 'status_cd', 'Status'),
      date('Born13', 'born', 'Born'),
    ],
  },
  searchList: { label: 'Name13', search: ['Name13'], orderBy: 'SearchId13' },
  access: [{ roles: 'all', rows: 'all', allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true }],
  filters: [
    { id: 1, label: 'Open', column: 'StatusCd13', in: ['P1', 'P2'] },
    { id: 2, label: 'Staff only', column: 'StatusCd13', in: ['X'], roles: 'staff' },
  ],
  criteria: [
    { id: 1, column: 'Name13', label: 'Name' },
    { id: 2, column: 'Born13', label: 'Born from', op: 'from' },
  ],
});
const ctx = screenContext(def, { db: {} as Db, clock: { now: () => new Date(0) } });
const ann: Caller = { usrId: 7, usrName: 'ann@example.com', role: Role.borrower };
const render = (s: SQL | null) => (s ? new PgDialect().sqlToQuery(s) : null);

describe('search list conditions', () => {
  it('narrows by a filter of the caller and refuses a filter of another role', () => {
    expect(filterWhere(def, ann, '0')).toBeNull();
    expect(render(filterWhere(def, ann, '1'))).toMatchObject({
      sql: 'm."status_cd"::text IN ($1, $2)',
      params: ['P1', 'P2'],
    });
    expect(() => filterWhere(def, ann, '2')).toThrow('Unknown filter');
  });

  it('compares criteria ignoring case, and a day range end with the stored column itself', () => {
    const r = render(
      criteriaWhere(
        def,
        new Map([
          [1, 'Ann'],
          [2, '2001-02-03'],
        ]),
      ),
    )!;
    expect(r.sql).toBe('lower(m."name"::text) = lower($1) AND m."born" >= $2::date');
    expect(r.params).toEqual(['Ann', '2001-02-03']);
    expect(criteriaWhere(def, new Map())).toBeNull();
  });

  it('matches words by their start, or the stored value after **, and nothing for blanks', () => {
    expect(searchWhere(ctx, '   ')).toBeNull();
    expect(searchWhere(ctx, '** ')).toBeNull();
    const exact = render(searchWhere(ctx, '**P1'))!;
    expect(exact.params).toEqual(['P1', 'P1']);
    expect(exact.sql).toContain('lower(m."search_id"::text) = lower($1)');
    const words = render(searchWhere(ctx, 'ann smi'))!;
    expect(words.sql).toContain('@@');
  });

  it('walks the ordering index with a cheap test of the words first, for the same rows', () => {
    expect(containedWords('Grace wal-12 5e88')).toEqual(['grace', 'wal', '12']);
    expect(containedWords('bob@exa')).toEqual(['bob', 'exa']);
    const walk = render(searchWhere(ctx, 'Grace wal', false, true))!;
    expect(walk.sql).toBe(
      `CASE WHEN m."name"::text ILIKE $1 AND m."name"::text ILIKE $2 THEN to_tsvector('simple'::regconfig, coalesce(m."name"::text, '')) @@ (to_tsquery('simple'::regconfig, $3) && to_tsquery('simple'::regconfig, $4)) ELSE FALSE END`.replace(
        /^/,
        '(',
      ) + ')',
    );
    expect(walk.params).toEqual(['%grace%', '%wal%', 'grace:*', 'wal:*']);
  });
});
