// A customer's alert preferences (@payd/schemas alertPreferencesSchema), kept as one JSON row; a
// customer without a row has the defaults. The evaluators read the bands and offline epochs of many
// customers at once; the channels are applied in SQL as alerts are written (record.ts).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { alertPreferencesSchema, DEFAULT_ALERT_PREFERENCES, type AlertPreferences } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { alertPreference } from '../db/schema.ts';
import { parsedRows } from '../framework/sqlText.ts';

/** The stored preferences, or the defaults when none or unreadable (an older shape). */
function readPrefs(value: unknown): AlertPreferences {
  const parsed = alertPreferencesSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ALERT_PREFERENCES;
}

export async function preferencesOf(db: Db, usrId: number): Promise<AlertPreferences> {
  const found = await db
    .select({ prefs: alertPreference.prefs })
    .from(alertPreference)
    .where(sql`${alertPreference.usrId} = ${usrId}`);
  return found[0] ? readPrefs(found[0].prefs) : DEFAULT_ALERT_PREFERENCES;
}

/** Preferences of each of `usrIds` (defaults for those without a row). */
export async function preferencesOfMany(
  db: Db,
  usrIds: readonly number[],
): Promise<Map<number, AlertPreferences>> {
  const out = new Map<number, AlertPreferences>(usrIds.map((id) => [id, DEFAULT_ALERT_PREFERENCES]));
  if (!usrIds.length) return out;
  const found = await parsedRows(
    db,
    sql`SELECT usr_id, prefs FROM alert_preference
        WHERE usr_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(usrIds)}::jsonb)::int)`,
    z.object({ usr_id: z.number(), prefs: z.unknown() }),
  );
  for (const r of found) out.set(r.usr_id, readPrefs(r.prefs));
  return out;
}

export async function savePreferences(
  db: Db,
  usrId: number,
  prefs: AlertPreferences,
  now: Date,
): Promise<void> {
  const bands = [...prefs.bands].sort((a, b) => b - a);
  await db
    .insert(alertPreference)
    .values({ usrId, prefs: { ...prefs, bands }, modifiedOn: now })
    .onConflictDoUpdate({
      target: alertPreference.usrId,
      set: { prefs: sql`excluded.prefs`, modifiedOn: sql`excluded.modified_on` },
    });
}
