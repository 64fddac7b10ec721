import { describe, expect, it } from 'vitest';
import type { StakeStmtRow, StmtType } from '@payd/schemas';
import { combinedFigure, withCombined } from './combinedStatements.ts';

const row = (
  id: number,
  kind: StmtType,
  month: string,
  summary: Record<string, unknown> = {},
): StakeStmtRow => ({
  StmtId8: id,
  StmtTypeCd8: kind,
  UsrId8: 1,
  StmtMonth8: month,
  StmtLabel8: month,
  StmtFileName8: `${kind} ${month}.pdf`,
  Summary8: summary,
});

describe('the combined statement in a statement list', () => {
  it("sits beside each month's reward statement, newest month first", () => {
    const own = [row(5, 'R', '2026-11-01'), row(1, 'R', '2026-10-01')];
    const combined = [row(6, 'C', '2026-11-01'), row(2, 'C', '2026-10-01'), row(9, 'C', '2026-12-01')];
    expect(withCombined(own, combined).map((r) => [r.StmtMonth8, r.StmtTypeCd8])).toEqual([
      ['2026-12-01', 'C'],
      ['2026-11-01', 'R'],
      ['2026-11-01', 'C'],
      ['2026-10-01', 'R'],
      ['2026-10-01', 'C'],
    ]);
  });

  it('says how many lines it has', () => {
    expect(combinedFigure(row(1, 'C', '2026-11-01', { lines: 20 }))).toBe('All holdings, 20 lines');
    expect(combinedFigure(row(1, 'C', '2026-11-01', { lines: 1 }))).toBe('All holdings, 1 line');
  });
});
