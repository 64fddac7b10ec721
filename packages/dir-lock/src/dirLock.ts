// One owner per directory: the embedded database (PGlite), the chain journal and the `npm start`
// data directory may each be used by one process only. The owner writes `payd.lock` (its pid and
// the kernel's start time of that pid) into the directory; a lock whose process is gone (kill -9,
// a crash, a zombie nobody reaped, or a pid reused by another program) is stale and is taken over,
// so a crash never leaves a directory locked. Node has no portable flock(), hence a pid file.
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

/** Name of the lock file inside a locked directory. */
export const LOCK_FILE = 'payd.lock';

/** What a lock file says about its owner. */
export interface LockOwner {
  pid: number;
  /** Kernel start time of `pid` (Linux, /proc/<pid>/stat field 22); null where unknown. */
  startTime: number | null;
  /** Who holds it, e.g. `payd server` or `npm run admin`. */
  owner: string;
  /** When it was taken (ISO time). */
  since: string;
  /** Random per lock, so that release removes only its own file. */
  token: string;
}

/** A held lock. */
export interface DirLock {
  /** The lock file. */
  path: string;
  owner: LockOwner;
  /** Removes the lock file if it is still this lock's (idempotent). */
  release(): void;
}

/** Thrown when a live process already owns the directory. */
export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
  readonly dir: string;
  readonly holder: LockOwner;
  constructor(dir: string, what: string, holder: LockOwner) {
    super(
      `${what} ${dir} is in use by ${holder.owner} (process ${holder.pid}, since ${holder.since}); ` +
        'only one process may use it at a time',
    );
    this.dir = dir;
    this.holder = holder;
  }
}

/** The kernel's start time of `pid` and whether it is a zombie, from /proc (Linux); null elsewhere. */
function procStat(pid: number): { startTime: number; zombie: boolean } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const startTime = Number(fields[19]);
  return { startTime: Number.isFinite(startTime) ? startTime : 0, zombie: fields[0] === 'Z' };
}

/** Whether the process that wrote `holder` still runs (the same process, not a reuse of its pid). */
export function holderAlive(holder: Pick<LockOwner, 'pid' | 'startTime'>): boolean {
  if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  if (stat.zombie) return false;
  return holder.startTime === null || stat.startTime === holder.startTime;
}

function readOwner(path: string): LockOwner | null | 'missing' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.token === 'string' ? owner : null;
  } catch {
    // Not a lock this code wrote (locks are linked into place whole).
    return null;
  }
}

const held = new Map<string, LockOwner>();
let exitHookInstalled = false;

function removeIfOurs(path: string, token: string): void {
  const current = readOwner(path);
  if (current !== 'missing' && current?.token === token) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  }
  held.delete(path);
}

/**
 * Creates the lock file only if none exists (false when one does). Written to a file of its own
 * first and linked into place, so that nobody ever reads a lock that is half written.
 */
function create(path: string, owner: LockOwner): boolean {
  const draft = `${path}.${owner.pid}-${owner.token}`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { mode: 0o644 });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Takes the directory `dir` (created if missing) for this process, or throws `DirectoryLockedError`
 * naming the live owner. `what` names the directory in the message (e.g. `the embedded database`).
 */
export function lockDirectory(dir: string, options: { owner: string; what: string }): DirLock {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const path = join(absolute, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    startTime: procStat(process.pid)?.startTime ?? null,
    owner: options.owner,
    since: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (create(path, me)) {
      held.set(path, me);
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        // A process that exits without closing (process.exit) leaves no lock behind.
        process.once('exit', () => {
          for (const [p, o] of held) removeIfOurs(p, o.token);
        });
      }
      return { path, owner: me, release: () => removeIfOurs(path, me.token) };
    }
    const current = readOwner(path);
    if (current === 'missing') continue;
    if (current && holderAlive(current)) throw new DirectoryLockedError(absolute, options.what, current);
    // Stale. Move it aside under a name of our own, so that of two processes taking it over at once
    // only one removes it; the other finds it gone (or fresh) and tries again.
    const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved !== 'missing' && moved !== null && holderAlive(moved)) {
      // Between reading and moving it, another process took it over: put its lock back.
      try {
        linkSync(aside, path);
      } catch {
        // A third one created a lock meanwhile; the next round judges that one.
      }
    }
    unlinkSync(aside);
  }
  throw new Error(`could not take ${path}: it kept changing`);
}

/** The live owner of `dir`, or null when nobody holds it. */
export function directoryOwner(dir: string): LockOwner | null {
  const current = readOwner(join(resolve(dir), LOCK_FILE));
  if (current === 'missing' || current === null) return null;
  return holderAlive(current) ? current : null;
}
