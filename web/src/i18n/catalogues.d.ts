// The compiled catalogues vite.catalogues.ts serves.
declare module 'virtual:payd-catalogue/*' {
  const messages: import('@payd/i18n').Messages;
  export default messages;
  /** English text → message id (empty in the English chunk). */
  export const englishIds: Record<string, string>;
}
