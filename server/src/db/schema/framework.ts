// The screen framework and the app's frame (migrations 0001, 0100, 0230): systems, cultures and
// menus, labels per culture, reference codes for dropdowns, saved screen criteria, the audit trail.
import { bigserial, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const systems = pgTable('systems', {
  systemId: integer('system_id').primaryKey(),
  systemName: text('system_name').notNull(),
  systemAbbr: text('system_abbr').notNull(),
  active: boolean('active').notNull().default(true),
});
export type SystemRow = typeof systems.$inferSelect;

export const cultures = pgTable('cultures', {
  cultureId: integer('culture_id').primaryKey(),
  langCode: text('lang_code').notNull(),
  cultureName: text('culture_name').notNull(),
});
export type CultureRow = typeof cultures.$inferSelect;

export const menus = pgTable('menus', {
  menuId: integer('menu_id').primaryKey(),
  parentId: integer('parent_id'),
  systemId: integer('system_id').notNull(),
  label: text('label').notNull(),
  path: text('path').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull(),
  quick: boolean('quick').notNull().default(false),
  /** Role ids that see the entry; empty means every signed-in user. */
  roles: text('roles').notNull().default(''),
});
export type MenuRow = typeof menus.$inferSelect;

export const serverIdentity = pgTable('server_identity', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
export type ServerIdentityRow = typeof serverIdentity.$inferSelect;

export const labels = pgTable(
  'labels',
  {
    cultureId: integer('culture_id').notNull(),
    labelCat: text('label_cat').notNull(),
    labelKey: text('label_key').notNull(),
    labelText: text('label_text').notNull(),
    /** System labels (GetSystemLabels) are the framework's own texts; others are per screen. */
    isSystem: boolean('is_system').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.cultureId, t.labelCat, t.labelKey] })],
);
export type LabelRow = typeof labels.$inferSelect;

export const refCodes = pgTable(
  'ref_codes',
  {
    cat: text('cat').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
    /** A generated key per row for the screen framework (StakeAgentWs); nothing else reads it. */
    refCodeId: integer('ref_code_id').generatedByDefaultAsIdentity().unique('ref_codes_ref_code_id'),
  },
  (t) => [primaryKey({ columns: [t.cat, t.code] })],
);
export type RefCodeRow = typeof refCodes.$inferSelect;

export const screenCriteria = pgTable(
  'screen_criteria',
  {
    usrId: integer('usr_id').notNull(),
    screenId: integer('screen_id').notNull(),
    screenCriId: integer('screen_cri_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usrId, t.screenId, t.screenCriId] })],
);
export type ScreenCriteriaRow = typeof screenCriteria.$inferSelect;

export const auditLog = pgTable('audit_log', {
  auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
  screenId: integer('screen_id').notNull(),
  tableName: text('table_name').notNull(),
  rowKey: text('row_key').notNull(),
  columnName: text('column_name').notNull(),
  beforeValue: text('before_value'),
  afterValue: text('after_value'),
  changedBy: integer('changed_by').notNull(),
  changedByName: text('changed_by_name').notNull(),
  changedByRole: integer('changed_by_role').notNull(),
  changedOn: ts('changed_on').notNull(),
});
export type AuditLogRow = typeof auditLog.$inferSelect;
