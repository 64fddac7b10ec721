// What the parts of the crash test (crash.ts) share: the run's state in one object (the stack as it is
// now, the report, the customers, this cycle's acknowledged writes, calls in flight, the kill flag),
// and the small helpers around it.
import { randomBytes } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Stack, StaffUser } from '../harness/stack.ts';
import type { CrashReport, WriteKind } from './report.ts';

export type Row = Record<string, unknown>;

/** A customer the writers use: e-mail, password and, once they have them, KYC record and wallet. */
export interface Customer {
  email: string;
  password: string;
  usrId: number;
  kycId?: string;
  wallet?: PrivateKeyAccount;
  eth2WalletId?: string;
}

/** An acknowledged write and how to find it again. */
export interface Ack {
  kind: WriteKind;
  what: string;
  check: (c: CheckContext) => Promise<boolean>;
}

/** What a check gets: the restarted stack, and sign-in with a token cache for this check round. */
export interface CheckContext {
  url: string;
  chainUrl: string;
  /** Signs the user in (once a round): the sign-in itself proves the account is there. */
  token(email: string, password: string): Promise<string>;
}

/** One crash run: fixed at the start, or changed as the run goes on (read it live, never copy it). */
export interface CrashRun {
  readonly log: (line: string) => void;
  /** The seeded generator of kill moments and choices. */
  readonly rand: () => number;
  readonly reviewer: StaffUser;
  readonly report: CrashReport;
  /** The stack now running (a new one after every restart). */
  stack: Stack;
  /** The customer whose KYC record is saved over and over. */
  kycCustomer: Customer;
  /** The current staker (undefined: the next stake session signs a new one up). */
  staker: Customer | undefined;
  /** KYC saves sent so far, over all cycles. */
  kycSaves: number;
  /** The acknowledged writes of this cycle. */
  acks: Ack[];
  /** Set at the kill: the writers stop. */
  stop: boolean;
  /** Calls sent whose reply (or failure) has not arrived. */
  inFlight: number;
}

/** Records an acknowledged write of this cycle. */
export function ack(run: CrashRun, a: Ack): void {
  run.acks.push(a);
  run.report.writes[a.kind].acknowledged++;
}

/** Runs one call, counting it as in flight until its reply (or failure) arrives. */
export async function flying<T>(run: CrashRun, fn: () => Promise<T>): Promise<T> {
  run.inFlight++;
  try {
    return await fn();
  } finally {
    run.inFlight--;
  }
}

/** mulberry32: a small seeded generator, so that a run can be repeated. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row as read, reduced to the scalar cells a save sends back (lists and pictures stay out). */
export function scalars(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

export const password = () => `Crash-${randomBytes(6).toString('base64url')}-7q!`;
export const email = (label: string) => `crash-${label}-${randomBytes(5).toString('hex')}@payd.test`;
