// Mantine's SegmentedControl as a module of its own (2.5 kB gzipped with its floating indicator),
// for a form that shows it only in some states to load it then.
export { SegmentedControl as default } from '@mantine/core';
