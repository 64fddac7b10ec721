// The lending pages as the navigation names them; its own module, so a page's layout (the lending
// bar) imports it without the route table that loads the pages.
/** The lending pages, in the order the navigation (sidebar, account menu, lending bar) shows them. */
export const lendingNav: readonly { to: string; label: string }[] = [
  { to: '/borrower', label: 'Borrow' },
  { to: '/guarantor', label: 'Rewards pool' },
  { to: '/redeem', label: 'Redeem' },
  { to: '/riskyCaches', label: 'Risky caches' },
  { to: '/ftxStaking', label: 'FTX staking' },
  { to: '/send', label: 'Send' },
  { to: '/liquidStaking', label: 'Liquid staking' },
  { to: '/system', label: 'System' },
];
