// Paging of the search list ('View N more': TopN 5, increment 5) and of the detail grid
// (page size 5, 'View more' adds a page).

/** How many more the 'View N more' link offers, or 0 to hide it. */
export function moreToView(shown: number, matchCount: number, increment: number): number {
  if (increment <= 0) return 0;
  return Math.max(0, Math.min(increment, matchCount - shown));
}

/** The TopN of the next search list request after 'View N more'. */
export function nextTopN(topN: number, increment: number): number {
  return topN + Math.max(1, increment);
}

/** The detail rows on screen after `pages` pages of `pageSize`. */
export function detailPage<T>(
  rows: readonly T[],
  pages: number,
  pageSize: number,
): { shown: T[]; hasMore: boolean } {
  const n = Math.max(1, pages) * Math.max(1, pageSize);
  return { shown: rows.slice(0, n), hasMore: rows.length > n };
}
