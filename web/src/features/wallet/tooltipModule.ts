// Mantine's Tooltip as a module of its own, for LazyTooltip.tsx to load after the page shows.
export { Tooltip as default } from '@mantine/core';
