// Labels per culture: the labels table's text of the culture, else the catalogue's translation
// (issue 28: `srv.screen.<category>.<key>` in packages/i18n, so a staff member who picks Deutsch
// reads German screens), else the culture-1 text.
import { sql } from 'drizzle-orm';
import { languageOfCulture } from '@payd/i18n';
import { i18nOfCulture } from '@payd/i18n/node';
import type { ScreenDef } from './definition.ts';
import { rows, type Executor } from './sqlText.ts';

export const FALLBACK_CULTURE = 1;

export interface Label {
  LabelCat: string;
  LabelKey: string;
  LabelText: string;
}

/** Category holding a screen's column labels, title and help. */
export const screenLabelCat = (def: ScreenDef) => `screen:${def.service}`;

/** The catalogue id of a label: a screen's (`screen:Eth2Wallet`) by its service, a system
 * category (`Buttons`, `Framework`) by its name. */
export const labelMessageId = (labelCat: string, labelKey: string) =>
  `srv.screen.${labelCat.replace(/^screen:/, '')}.${labelKey}`;

// A label's placeholders ({id}, {n}) are the client's to fill: they stay as written.
const keepPlaceholders = new Proxy<Record<string, string>>(
  {},
  { get: (_, name) => (typeof name === 'string' ? `{${name}}` : undefined) },
);

/** The catalogue's text of a label in a culture payd has a catalogue for, if it has one. */
export function catalogueLabel(cultureId: number, labelCat: string, labelKey: string): string | undefined {
  if (cultureId === FALLBACK_CULTURE || languageOfCulture(cultureId).cultureId !== cultureId)
    return undefined;
  const i18n = i18nOfCulture(cultureId);
  const id = labelMessageId(labelCat, labelKey);
  return id in i18n.messages ? i18n._(id, keepPlaceholders) : undefined;
}

export async function readLabels(
  db: Executor,
  cultureId: number,
  labelCat: string,
  system: boolean,
): Promise<Label[]> {
  const found = await rows(
    db,
    sql`SELECT DISTINCT ON (label_key) label_cat, label_key, label_text, culture_id FROM labels
        WHERE label_cat = ${labelCat} AND is_system = ${system} AND culture_id IN (${cultureId}, ${FALLBACK_CULTURE})
        ORDER BY label_key, (culture_id = ${cultureId}) DESC`,
  );
  return found.map((r) => {
    const own = Number(r.culture_id) === cultureId;
    const key = String(r.label_key);
    return {
      LabelCat: String(r.label_cat),
      LabelKey: key,
      LabelText: (own ? undefined : catalogueLabel(cultureId, labelCat, key)) ?? String(r.label_text),
    };
  });
}

/** How long a process keeps the labels a screen's metadata calls read (an edit or translation
 * in the labels table shows within this time, without a restart). */
export const LABEL_CACHE_MS = 30_000;
const labelCache = new WeakMap<object, Map<string, { at: number; labels: Map<string, string> }>>();

/** Labels of one category as key → text, cached per database for LABEL_CACHE_MS. */
export async function labelMap(
  db: Executor,
  cultureId: number,
  labelCat: string,
  system: boolean,
): Promise<Map<string, string>> {
  let perDb = labelCache.get(db);
  if (!perDb) {
    perDb = new Map();
    labelCache.set(db, perDb);
  }
  const key = `${cultureId}\u0000${labelCat}\u0000${system}`;
  const hit = perDb.get(key);
  const now = Date.now();
  if (hit && now - hit.at < LABEL_CACHE_MS) return hit.labels;
  const labels = new Map(
    (await readLabels(db, cultureId, labelCat, system)).map((l) => [l.LabelKey, l.LabelText]),
  );
  perDb.set(key, { at: now, labels });
  return labels;
}

/** Forgets the cached labels of a database (after it writes labels itself). */
export function forgetLabels(db: Executor): void {
  labelCache.delete(db);
}

/** A screen's culture-1 texts (title, help, column labels, filters, criteria, its own buttons) by
 * label key, each key once. */
export function screenLabelEntries(def: ScreenDef): [string, string][] {
  const entries: [string, string][] = [
    ['ScreenTitle', def.title],
    ['ScreenHelp', def.help ?? ''],
    ...def.master.columns.map((c) => [c.name, c.label] as [string, string]),
    ...(def.detail?.columns ?? []).map((c) => [c.name, c.label] as [string, string]),
    ...(def.filters ?? []).map((f) => [`Filter${f.id}`, f.label] as [string, string]),
    ...(def.criteria ?? []).map((c) => [`Criteria${c.id}`, c.label] as [string, string]),
    // Buttons whose text the screen sets itself (others use the system Buttons labels).
    ...Object.entries(def.buttons ?? {})
      .filter(([, b]) => b?.label)
      .map(([type, b]) => [`Button${type}`, b!.label!] as [string, string]),
  ];
  const seen = new Set<string>();
  return entries.filter(([k]) => (seen.has(k) ? false : (seen.add(k), true)));
}

/** Puts a screen's culture-1 texts (column labels, title, help) into the labels table when
 * missing; texts already there (edited or translated) are kept. */
export async function seedScreenLabels(db: Executor, def: ScreenDef): Promise<void> {
  const cat = screenLabelCat(def);
  const unique = screenLabelEntries(def);
  const values = sql.join(
    unique.map(([key, text]) => sql`(${FALLBACK_CULTURE}, ${cat}, ${key}, ${text}, false)`),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO labels (culture_id, label_cat, label_key, label_text, is_system) VALUES ${values}
        ON CONFLICT (culture_id, label_cat, label_key) DO NOTHING`,
  );
  forgetLabels(db);
}
