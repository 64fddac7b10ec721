/** The notification centre and alert settings. */
export const ALERTS_PATH = '/alerts';
