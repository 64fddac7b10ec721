// Labels per culture from the labels table, falling back to culture 1 for keys a culture lacks.
import { sql } from 'drizzle-orm';
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

export async function readLabels(
  db: Executor,
  cultureId: number,
  labelCat: string,
  system: boolean,
): Promise<Label[]> {
  const found = await rows(
    db,
    sql`SELECT DISTINCT ON (label_key) label_cat, label_key, label_text FROM labels
        WHERE label_cat = ${labelCat} AND is_system = ${system} AND culture_id IN (${cultureId}, ${FALLBACK_CULTURE})
        ORDER BY label_key, (culture_id = ${cultureId}) DESC`,
  );
  return found.map((r) => ({
    LabelCat: String(r.label_cat),
    LabelKey: String(r.label_key),
    LabelText: String(r.label_text),
  }));
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

/** Puts a screen's culture-1 texts (column labels, title, help) into the labels table when
 * missing; texts already there (edited or translated) are kept. */
export async function seedScreenLabels(db: Executor, def: ScreenDef): Promise<void> {
  const cat = screenLabelCat(def);
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
  const unique = entries.filter(([k]) => (seen.has(k) ? false : (seen.add(k), true)));
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
