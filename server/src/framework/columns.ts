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

/** The users table as a dropdown source: a user's login name, owned by that user. */
export const userSource = { table: 'users', key: 'usr_id', label: 'usr_name', ownerColumn: 'usr_id' };

/**
 * The four stamp columns the engine fills on save (input_by/input_on/modified_by/modified_on),
 * named InputBy<suffix>, InputOn<suffix>, ModifiedBy<suffix>, ModifiedOn<suffix>. `byVisible`: who
 * sees the two user columns (everyone when left out).
 */
export const stampColumns = (suffix: string, byVisible?: ColumnDef['visible']): ColumnDef[] => {
  const by: Extra = byVisible === undefined ? {} : { visible: byVisible };
  return [
    lookup(`InputBy${suffix}`, 'input_by', 'Input By', userSource, { system: 'inputBy', ...by }),
    datetime(`InputOn${suffix}`, 'input_on', 'Input On', { system: 'inputOn' }),
    lookup(`ModifiedBy${suffix}`, 'modified_by', 'Modified By', userSource, { system: 'modifiedBy', ...by }),
    datetime(`ModifiedOn${suffix}`, 'modified_on', 'Modified On', { system: 'modifiedOn' }),
  ];
};
