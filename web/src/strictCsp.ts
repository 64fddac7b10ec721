// Imported by main.tsx before the app: zod probes for eval (`new Function`) when it builds its
// first object schema, and under payd's Content-Security-Policy (no 'unsafe-eval',
// server/src/site/securityHeaders.ts) that probe is reported as a violation even though zod
// catches it. jitless skips the probe and the eval-compiled fast path. zod keeps its settings in
// globalThis.__zod_globalConfig (shared by every copy and entry point of zod, and kept if it
// exists when zod loads), so the setting is made there without loading zod: /login loads none.
// strictCsp.test.ts checks that zod still reads it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
