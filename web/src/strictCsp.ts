// Imported by main.tsx before the app: zod probes for eval (`new Function`) when it builds its
// first object schema, and under payd's Content-Security-Policy (no 'unsafe-eval',
// server/src/site/securityHeaders.ts) that probe is reported as a violation even though zod
// catches it. jitless skips the probe and the eval-compiled fast path. zod's core holds the
// setting (shared by every zod entry point), and builds no schema when it loads.
import { config } from 'zod/v4/core';

config({ jitless: true });
