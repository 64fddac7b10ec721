/// <reference types="vite/client" />
/** Build id stamped by vite.config.ts; the server serves the same id at /version.json. */
declare const __PAYD_BUILD_ID__: string;
