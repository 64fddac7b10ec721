// The alerts feature as the shell and the route table see it (issue 29).
export { AlertBell } from './AlertBell.tsx';
export { ALERTS_PATH } from './paths.ts';
export const alertsLazy = async () => ({ Component: (await import('./AlertsPage.tsx')).AlertsPage });
