// Breaks the web/server boundary on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// server/src/site/x.ts and expects the lint to refuse each of these imports.
import { loadConfig } from '../../../web/src/app/config.ts';
import { router } from '@payd/web/src/routes/router.tsx';

export const used = [loadConfig, router];
