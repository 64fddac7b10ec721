// The framework's texts of spec 001 section 2 and spec 002 (used verbatim) that other code passes
// around in English (shown through useT().message); the others are catalogue messages `framework.*`
// (packages/i18n). The server's labels (GetScreenHlp) win when it sends them.

export const frameworkMessages = {
  /** Leaving a dirty record for another record of the same screen (spec 001 section 2). */
  unsavedChanges: 'You have not saved your changes. Are you sure you want to leave?',
  /** Leaving the page with a dirty record (spec 001 variant, spec 002 KYC pages). */
  unsavedChangesTitle: 'Unsaved Changes',
  unsavedChangesPage: 'You have unsaved changes on this page. Are you sure you want to leave?',
  emptySelection: 'empty selection list',
} as const;
