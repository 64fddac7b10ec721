// The lending pages as the navigation names them; its own module, so a page's layout (the lending
// bar) imports it without the route table that loads the pages.
/** The lending pages, in the order the navigation (sidebar, account menu, lending bar) shows them. */
/** `label` is the English text, `id` its message (packages/i18n/catalogues). */
export const lendingNav: readonly { to: string; label: string; id: string }[] = [
  { to: '/borrower', label: 'Borrow', id: 'lending.nav.borrow' },
  { to: '/guarantor', label: 'Rewards pool', id: 'lending.nav.pool' },
  { to: '/redeem', label: 'Redeem', id: 'lending.nav.redeem' },
  { to: '/riskyCaches', label: 'Risky caches', id: 'lending.nav.risky' },
  { to: '/ftxStaking', label: 'FTX staking', id: 'lending.nav.ftx' },
  { to: '/send', label: 'Send', id: 'lending.nav.send' },
  { to: '/liquidStaking', label: 'Liquid staking', id: 'lending.nav.liquid' },
  { to: '/system', label: 'System', id: 'lending.nav.system' },
];
