// Entry. zod is set to jitless first (strictCsp.ts), and only then is the app loaded: its modules
// build zod schemas as they load, and the first one would otherwise probe for eval, which payd's
// Content-Security-Policy reports as a violation. The dynamic import keeps every schema-building
// module out of this entry's chunk, so none can run before the setting.
import './strictCsp.ts';

void import('./boot.tsx');
