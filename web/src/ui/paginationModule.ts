// Mantine's Pagination as a module of its own, for Pager.tsx to load after the page shows.
export { Pagination as default } from '@mantine/core';
