// The page sizes of a screen framework screen when its definition names none: the server
// answers them in GetScreenHlp.PageSizes, and the web pages with them until that answer arrives.
import type { PageSizes } from './wire.ts';

export const defaultPageSizes: PageSizes = {
  searchTopN: 5,
  increment: 5,
  detailPageSize: 5,
  initTopN: 50,
  dropdownTopN: 50,
};
