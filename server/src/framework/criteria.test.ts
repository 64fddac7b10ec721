// The criteria a caller sends, checked against the definition (no database).
import { describe, expect, it } from 'vitest';
import { defineScreen } from './definition.ts';
import { date, num, text } from './columns.ts';
import { criteriaValues, isIsoDay } from './criteria.ts';

const def = defineScreen({
  screenId: 92,
  service: 'TestCri',
  entity: 'TestCri12',
  title: 'Criteria',
  master: {
    table: 't_cri',
    columns: [
      num('CriId12', 'cri_id', 'Id', { system: 'key' }),
      text('Name12', 'name', 'Name'),
      date('Born12', 'born', 'Born'),
    ],
  },
  searchList: { label: 'Name12', search: ['Name12'], orderBy: 'CriId12' },
  access: [{ roles: 'all', rows: 'all', allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true }],
  criteria: [
    { id: 1, column: 'Name12', label: 'Name' },
    { id: 2, column: 'Born12', label: 'Born from', op: 'from' },
  ],
});

describe('criteria values', () => {
  it('takes both client forms, drops empty values and cuts long text', () => {
    expect(
      criteriaValues(def, [
        { ScreenCriId: '1', LastCriteria: 'Ann' },
        { ScreenCriId: 2, LastCriteria: '' },
      ]),
    ).toEqual(new Map([[1, 'Ann']]));
    expect(criteriaValues(def, { 2: '2001-02-03', 1: 'x'.repeat(300) })).toEqual(
      new Map([
        [1, 'x'.repeat(200)],
        [2, '2001-02-03'],
      ]),
    );
    expect(criteriaValues(def, undefined)).toBeUndefined();
  });

  it('refuses an unknown criterion and a day range end that is not a day', () => {
    expect(() => criteriaValues(def, { 9: 'a' })).toThrow('Unknown screen criterion 9');
    expect(() => criteriaValues(def, { 2: '2001-02-30' })).toThrow('Born from: enter a date (YYYY-MM-DD)');
  });

  it('knows a real calendar day', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('0000-01-01')).toBe(false);
    expect(isIsoDay('2024-1-01')).toBe(false);
  });
});
