// How far the alert job has scanned the chain's logs (alert_chain_scan): each pass reads only the
// blocks after the remembered one, and moves it forward only after writing the alerts of the blocks
// it read, so a pass that stops halfway misses nothing (the next pass reads those blocks again) and
// repeats nothing (each alert's unique key).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { parsedRows } from '../framework/sqlText.ts';

/** A scan's name and the last block whose alerts are written. */
export interface ScannedUpTo {
  scan: string;
  block: bigint;
}

/** The last block `scan` has done, or undefined before its first pass. */
export async function scannedBlock(db: Db, scan: string): Promise<bigint | undefined> {
  const [row] = await parsedRows(
    db,
    sql`SELECT block::text AS block FROM alert_chain_scan WHERE scan = ${scan}`,
    z.object({ block: z.string() }),
  );
  return row ? BigInt(row.block) : undefined;
}

/**
 * Remembers that `to.scan` is done up to `to.block`; never moves it back (another instance may be
 * ahead), unless the remembered block is past `head`: a chain that went back (a fresh dev chain).
 */
export async function rememberScannedBlock(db: Db, to: ScannedUpTo, now: Date, head?: bigint): Promise<void> {
  const wentBack = head === undefined ? sql`false` : sql`alert_chain_scan.block > ${head.toString()}::bigint`;
  await db.execute(
    sql`INSERT INTO alert_chain_scan (scan, block, changed_on)
        VALUES (${to.scan}, ${to.block.toString()}::bigint, ${now.toISOString()}::timestamptz)
        ON CONFLICT (scan) DO UPDATE SET block = excluded.block, changed_on = excluded.changed_on
          WHERE alert_chain_scan.block < excluded.block OR ${wentBack}`,
  );
}
