// The chain journal: every state-changing call the devnet passed to its Hardhat node, one JSON line
// each, with the blocks it produced, so that a fresh node can be brought back to the same state.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    writeFileSync(this.genesisPath, `${JSON.stringify(genesis, null, 2)}\n`);
    return genesis;
  }

  /** Every entry in order. A torn last line (the process died mid-write) is dropped. */
  entries(): JournalEntry[] {
    if (!existsSync(this.journalPath)) return [];
    const lines = readFileSync(this.journalPath, 'utf8').split('\n');
    const entries: JournalEntry[] = [];
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch (error) {
        if (i >= lines.length - 2) break;
        throw new Error(`chain journal ${this.journalPath} is corrupt at line ${i + 1}`, { cause: error });
      }
    }
    return entries;
  }

  /** Appends one entry; synchronous so that a reply is only sent once its call is on disk. */
  append(entry: JournalEntry): void {
    mkdirSync(this.dir, { recursive: true });
    appendFileSync(this.journalPath, `${JSON.stringify(entry)}\n`);
  }
}
