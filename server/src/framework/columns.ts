// Short constructors for column definitions, so a screen reads as a list of its fields.
import type { ColumnDef, DropdownSource } from './definition.ts';

type Extra = Partial<Omit<ColumnDef, 'name' | 'db' | 'type' | 'label'>>;

const make =
  (type: ColumnDef['type']) =>
  (name: string, db: string, label: string, extra: Extra = {}): ColumnDef => ({
    name,
    db,
    type,
    label,
    ...extra,
  });

export const text = make('text');
export const num = make('number');
export const decimal = make('decimal');
export const date = make('date');
export const datetime = make('datetime');
export const yn = make('yn');
export const image = make('image');

export const ref = (name: string, db: string, label: string, cat: string, extra: Extra = {}): ColumnDef => ({
  name,
  db,
  type: 'dropdown',
  label,
  dropdown: { kind: 'ref', cat } satisfies DropdownSource,
  ...extra,
});

export const lookup = (
  name: string,
  db: string,
  label: string,
  source: Omit<Extract<DropdownSource, { kind: 'table' }>, 'kind'>,
  extra: Extra = {},
): ColumnDef => ({
  name,
  db,
  type: 'dropdown',
  label,
  integerKey: true,
  dropdown: { kind: 'table', ...source },
  ...extra,
});
