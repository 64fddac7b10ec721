// The framework's texts of spec 001 section 2 and spec 002 (used verbatim). The server's labels
// (GetScreenHlp) win when it sends them, so a culture can translate without a build.

export const frameworkMessages = {
  noResults: 'No results found',
  noDetailSelected: 'No detail record selected',
  noMasterSelected: 'No master record selected',
  /** Leaving a dirty record for another record of the same screen (spec 001 section 2). */
  unsavedChanges: 'You have not saved your changes. Are you sure you want to leave?',
  /** Leaving the page with a dirty record (spec 001 variant, spec 002 KYC pages). */
  unsavedChangesTitle: 'Unsaved Changes',
  unsavedChangesPage: 'You have unsaved changes on this page. Are you sure you want to leave?',
  failedToLoad: (id: string) => `failed to load required record ${id}`,
  emptySelection: 'empty selection list',
  all: 'All',
  viewMore: (n: number) => `View ${n} more`,
  detailViewMore: 'View more',
} as const;
