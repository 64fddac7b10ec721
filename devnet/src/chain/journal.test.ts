// The journal read back after a crash: a torn last line is dropped and cut off, so that what is
// appended afterwards is read back too (instead of a journal that no longer opens).
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChainJournal, type JournalEntry } from './journal.ts';

const base = mkdtempSync(join(tmpdir(), 'payd-journal-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const entry = (n: number): JournalEntry => ({
  method: 'evm_mine',
  params: [],
  blocks: [{ number: n, timestamp: 1_700_000_000 + n, hash: `0x${n.toString(16).padStart(64, '0')}` }],
  clockOffset: 0,
});

describe('ChainJournal', () => {
  it('drops a torn last entry and keeps what is appended after it', () => {
    const dir = join(base, 'torn');
    const journal = new ChainJournal(dir);
    journal.append(entry(1));
    journal.close();
    // A process killed in the middle of writing entry 2.
    appendFileSync(join(dir, 'journal.jsonl'), JSON.stringify(entry(2)).slice(0, 40));

    const reopened = new ChainJournal(dir);
    expect(reopened.entries()).toEqual([entry(1)]);
    reopened.append(entry(3));
    reopened.close();
    expect(new ChainJournal(dir).entries()).toEqual([entry(1), entry(3)]);
  });

  it('keeps a whole last entry whose newline was not written', () => {
    const dir = join(base, 'no-newline');
    const journal = new ChainJournal(dir);
    journal.append(entry(1));
    journal.close();
    appendFileSync(join(dir, 'journal.jsonl'), JSON.stringify(entry(2)));

    const reopened = new ChainJournal(dir);
    expect(reopened.entries()).toEqual([entry(1), entry(2)]);
    reopened.append(entry(3));
    reopened.close();
    expect(new ChainJournal(dir).entries()).toEqual([entry(1), entry(2), entry(3)]);
  });

  it('refuses a journal damaged in the middle rather than replaying part of it', () => {
    const dir = join(base, 'middle');
    const journal = new ChainJournal(dir);
    journal.append(entry(1));
    journal.close();
    appendFileSync(join(dir, 'journal.jsonl'), `{"method":\n${JSON.stringify(entry(2))}\n`);
    const before = readFileSync(join(dir, 'journal.jsonl'), 'utf8');
    expect(() => new ChainJournal(dir).entries()).toThrow(/is corrupt at byte/);
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).toBe(before);
  });
});
