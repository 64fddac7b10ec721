// parsedRows: typed rows of a raw statement, checked against the shape written beside it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsedRows, type Executor } from './sqlText.ts';

const answering = (rows: Record<string, unknown>[]): Executor => ({
  execute: () => Promise.resolve({ rows }),
});

const shape = z.object({ id: z.coerce.number(), amount: z.string(), at: z.coerce.date() });

describe('parsedRows', () => {
  it('returns each row as the shape reads it', async () => {
    const got = await parsedRows(
      answering([{ id: '7', amount: '1.5', at: '2026-01-02T00:00:00Z' }]),
      sql`SELECT 1`,
      shape,
    );
    expect(got).toEqual([{ id: 7, amount: '1.5', at: new Date('2026-01-02T00:00:00Z') }]);
  });

  it('fails by the column name when a column is missing or of another type', async () => {
    await expect(parsedRows(answering([{ id: 1, at: new Date() }]), sql`SELECT 1`, shape)).rejects.toThrow(
      /amount/,
    );
  });
});
