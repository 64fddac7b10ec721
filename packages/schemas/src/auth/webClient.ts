// The web app as an OAuth client. Its own module, without zod, because the login page needs it and
// nothing else of the request schemas.

/** The OAuth client id of the web app; passkey and wallet sign-ins bind their session to it
 * unless the body names another client. */
export const WEB_CLIENT_ID = 'payd-web';
