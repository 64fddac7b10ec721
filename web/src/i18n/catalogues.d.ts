// The compiled catalogues vite.catalogues.ts serves.
declare module 'virtual:payd-catalogue/*' {
  const messages: import('@payd/i18n').Messages;
  export default messages;
}
