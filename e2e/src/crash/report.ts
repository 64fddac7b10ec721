// The crash test's options and report (crash.ts), and the report as `npm run crash` prints it.

/** Options of `runCrashTest`. */
export interface CrashOptions {
  /** Kill-and-restart cycles. */
  cycles: number;
  /** Seed of the random kill moments and choices (the same seed kills at the same moments). */
  seed: number;
  /** The kill comes this long after the writers start: uniformly between the two (ms). */
  killWindowMs?: [number, number];
  /** Progress lines. */
  log?: (line: string) => void;
  /** Keep the data directory afterwards (for a post-mortem). */
  keepData?: boolean;
}

/** What one kind of write did: replies received before a kill, and found again after it. */
export interface WriteCount {
  acknowledged: number;
  verified: number;
}

/** What the crash test found. */
export interface CrashReport {
  cycles: number;
  /** Starts of the stack that came up (the first one and every restart). */
  starts: number;
  /** Seconds each restart took. */
  restartSeconds: number[];
  /** Calls that were under way when the stack was killed (their replies never came). */
  inFlightAtKill: number;
  writes: Record<WriteKind, WriteCount>;
  /** Blocks the chain replayed differently from the journal, over all restarts. */
  mismatchedBlocks: number;
  /** Every acknowledged write that was not there after a restart. */
  lost: string[];
  dataDir: string;
}

export type WriteKind =
  'signUp' | 'kycSave' | 'kycApproval' | 'walletRegistration' | 'validator' | 'faucet' | 'transaction';

/** A report before the first start: nothing counted yet. */
export function emptyReport(): CrashReport {
  return {
    cycles: 0,
    starts: 0,
    restartSeconds: [],
    inFlightAtKill: 0,
    writes: {
      signUp: { acknowledged: 0, verified: 0 },
      kycSave: { acknowledged: 0, verified: 0 },
      kycApproval: { acknowledged: 0, verified: 0 },
      walletRegistration: { acknowledged: 0, verified: 0 },
      validator: { acknowledged: 0, verified: 0 },
      faucet: { acknowledged: 0, verified: 0 },
      transaction: { acknowledged: 0, verified: 0 },
    },
    mismatchedBlocks: 0,
    lost: [],
    dataDir: '',
  };
}

/** The report as the lines `npm run crash` prints. */
export function formatReport(r: CrashReport): string {
  const lines = [
    `crash test: ${r.cycles} kill -9 cycles, the stack started ${r.starts} of ${r.cycles + 1} times`,
    `restart time: ${Math.min(...r.restartSeconds).toFixed(1)}-${Math.max(...r.restartSeconds).toFixed(1)} s`,
    `calls in flight at the kills: ${r.inFlightAtKill}`,
    'acknowledged writes found after the last restart:',
  ];
  for (const [kind, c] of Object.entries(r.writes))
    lines.push(
      `  ${kind.padEnd(20)} ${String(c.verified).padStart(5)} of ${String(c.acknowledged).padEnd(5)}`,
    );
  lines.push(`chain blocks replayed differently: ${r.mismatchedBlocks}`);
  lines.push(r.lost.length ? `LOST ${r.lost.length}:\n  ${r.lost.join('\n  ')}` : 'lost: none');
  return lines.join('\n');
}
