import { describe, expect, it } from 'vitest';
import { detailPage, moreToView, nextTopN } from './paging.ts';

describe('search list paging', () => {
  it("offers 'View 5 more' while at least five more match, then the remainder, then nothing", () => {
    expect(moreToView(5, 23, 5)).toBe(5);
    expect(moreToView(20, 23, 5)).toBe(3);
    expect(moreToView(23, 23, 5)).toBe(0);
    expect(moreToView(0, 0, 5)).toBe(0);
  });

  it('each View more asks for TopN plus the increment', () => {
    expect(nextTopN(5, 5)).toBe(10);
    expect(nextTopN(10, 5)).toBe(15);
  });
});

describe('detail paging', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  it("shows a page of 5 and 'View more' adds a page", () => {
    expect(detailPage(rows, 1, 5)).toEqual({ shown: [0, 1, 2, 3, 4], hasMore: true });
    expect(detailPage(rows, 2, 5).shown).toHaveLength(10);
    expect(detailPage(rows, 3, 5)).toEqual({ shown: rows, hasMore: false });
  });
});
