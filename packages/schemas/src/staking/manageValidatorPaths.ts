// Links to the manage page of one validator (/manageValidator): the web's links from the dashboard
// and the alerts' actions (server e-mails, notification centre) make them the same way.

/** The query parameter that selects the validator on /manageValidator. */
export const VALIDATOR_PARAM = 'validator';
/** The query parameter that selects the validator and opens its top-up. */
export const TOP_UP_PARAM = 'topUp';

/** /manageValidator with `pubkey` selected (its wallet requests, keys and pending operations). */
export function manageValidatorPath(pubkey: string): string {
  return `/manageValidator?${VALIDATOR_PARAM}=${encodeURIComponent(pubkey.toLowerCase())}`;
}

/** The page that tops up the validator `pubkey`: /manageValidator with it selected and the modal open. */
export function topUpPath(pubkey: string): string {
  return `/manageValidator?${TOP_UP_PARAM}=${encodeURIComponent(pubkey.toLowerCase())}`;
}
