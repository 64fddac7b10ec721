// The look of an input holding a whole address, in a file of its own: the stake form needs it
// without the page frame, cards and busy overlay of pageParts.tsx.

/** An input holding a whole address: monospace, its font shrinking on a phone so all 42 characters show. */
export const addressInputStyles = {
  input: {
    fontFamily: 'var(--mantine-font-family-monospace)',
    fontSize: 'clamp(11px, 3vw, var(--mantine-font-size-sm))',
  },
};
