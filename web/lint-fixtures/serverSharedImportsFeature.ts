// Breaks the server's layers on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// server/src/db/x.ts and expects the lint to refuse each of these imports: the shared parts import
// no feature, nor the app's wiring or the test helpers.
import { createTokenService } from '../auth/tokens.ts';
import { buildApp } from '../app.ts';
import { startTestApp } from '../testing/testApp.ts';

export const used = [createTokenService, buildApp, startTestApp];
