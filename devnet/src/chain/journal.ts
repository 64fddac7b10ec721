// The chain journal: every state-changing call the devnet passed to its Hardhat node, one JSON line
// each, with the blocks it produced, so that a fresh node can be brought back to the same state.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** A block a journaled call produced, as the node reported it. */
export interface JournaledBlock {
  /** Block number. */
  number: number;
  /** Block timestamp in seconds. */
  timestamp: number;
  /** Block hash; replay checks that it comes out the same. */
  hash: string;
}

/** One state-changing call. */
export interface JournalEntry {
  /** JSON-RPC method passed to the node. */
  method: string;
  /** Its parameters, verbatim. */
  params: unknown[];
  /** Blocks mined by the call (none for e.g. `hardhat_setBalance`). */
  blocks: JournaledBlock[];
  /** Chain clock minus wall clock in seconds after the call (time controls move it). */
  clockOffset: number;
}

/** Facts fixed when the chain was first created. */
export interface ChainGenesis {
  /** Chain id (88). */
  chainId: number;
  /** Timestamp of block 0 in seconds; a replayed chain must start at the same instant. */
  genesisTimestamp: number;
  /**
   * Hardhat hardfork the chain runs ('prague'). Absent in a journal written before chain 88 moved
   * to Prague: such a chain replays under 'cancun', the rules it was recorded with.
   */
  hardfork?: string;
}

/** Reads and appends the journal kept in one directory (`.data/chain`). */
export class ChainJournal {
  readonly dir: string;
  private readonly journalPath: string;
  private readonly genesisPath: string;

  constructor(dir: string) {
    this.dir = dir;
    this.journalPath = join(dir, 'journal.jsonl');
    this.genesisPath = join(dir, 'genesis.json');
  }

  /** The genesis facts, written on first use with `create()` when none exist yet. */
  genesis(create: () => ChainGenesis): ChainGenesis {
    if (existsSync(this.genesisPath))
      return JSON.parse(readFileSync(this.genesisPath, 'utf8')) as ChainGenesis;
    const genesis = create();
    mkdirSync(this.dir, { recursive: true });
    // Whole or not at all: a start killed while writing it must not leave half a file behind.
    const draft = `${this.genesisPath}.${process.pid}`;
    writeFileSync(draft, `${JSON.stringify(genesis, null, 2)}\n`, { flush: true });
    renameSync(draft, this.genesisPath);
    return genesis;
  }

  /**
   * Every entry in order. A torn last line (the process died mid-write, so its call was never
   * answered) is dropped and cut off the file, so that the next entry starts on a line of its own
   * instead of being glued to it (which would make the journal unreadable on the start after).
   */
  entries(): JournalEntry[] {
    if (!existsSync(this.journalPath)) return [];
    const text = readFileSync(this.journalPath);
    const entries: JournalEntry[] = [];
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf(0x0a, start);
      const line = text.subarray(start, end === -1 ? text.length : end).toString('utf8');
      let entry: JournalEntry | undefined;
      try {
        entry = line.trim() === '' ? undefined : (JSON.parse(line) as JournalEntry);
      } catch (error) {
        if (
          end !== -1 &&
          text
            .subarray(end + 1)
            .toString('utf8')
            .trim() !== ''
        )
          throw new Error(`chain journal ${this.journalPath} is corrupt at byte ${start}`, { cause: error });
        // The last line, torn: drop it from the file too.
        truncateSync(this.journalPath, start);
        break;
      }
      if (entry) entries.push(entry);
      if (end === -1) {
        // A whole last entry whose newline did not make it: give it one.
        if (entry) this.appendRaw('\n');
        break;
      }
      start = end + 1;
    }
    return entries;
  }

  /**
   * Appends one entry and flushes it to the disk; synchronous so that a reply is only sent once its
   * call is on disk (kill -9 then cannot lose it, nor can a power cut).
   */
  append(entry: JournalEntry): void {
    this.appendRaw(`${JSON.stringify(entry)}\n`);
  }

  private fd: number | undefined;

  private appendRaw(text: string): void {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true });
      this.fd = openSync(this.journalPath, 'a');
    }
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(this.fd, bytes, written);
    fdatasyncSync(this.fd);
  }

  /** Closes the journal file. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
