// The crash test's checks after a restart (crash.ts): every acknowledged write looked for on the stack
// now running, and the chain's count of blocks it replayed differently from its journal.
import type { Stack } from '../harness/stack.ts';
import { signIn } from './client.ts';
import type { Ack, CheckContext, CrashRun } from './context.ts';

/** Adds the blocks `s` reported replaying differently to the report. */
export function countReplay(run: CrashRun, s: Stack): void {
  const m = /WARNING: (\d+) blocks replayed differently/.exec(s.output());
  run.report.mismatchedBlocks += m ? Number(m[1]) : 0;
}

/**
 * Checks `acks` on the running stack; returns how many were lost (and records them). With `count`,
 * every write found is counted as verified.
 */
export async function verify(run: CrashRun, acks: Ack[], count: boolean): Promise<number> {
  const { stack, report, log } = run;
  const tokens = new Map<string, Promise<string>>();
  const context: CheckContext = {
    url: stack.url,
    chainUrl: stack.chainUrl,
    token: (who, pass) => {
      let token = tokens.get(who);
      if (!token) tokens.set(who, (token = signIn(stack.url, who, pass)));
      return token;
    },
  };
  let lost = 0;
  for (const ack of acks) {
    const there = await ack.check(context).catch((error: unknown) => {
      log(`  check of ${ack.what} failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    if (there) {
      if (count) report.writes[ack.kind].verified++;
    } else {
      lost++;
      if (!report.lost.includes(ack.what)) report.lost.push(ack.what);
      log(`  LOST: ${ack.what}`);
    }
  }
  return lost;
}
