// The alerts feature as the route table sees it (issue 29): its page, and the bell the route table
// puts in a customer's top bar, each loaded when shown.
export { ALERTS_PATH } from './paths.ts';
export const alertsLazy = async () => ({ Component: (await import('./AlertsPage.tsx')).AlertsPage });
export const alertBellLazy = async () => ({ default: (await import('./AlertBell.tsx')).AlertBell });
