// Breaks the web/server boundary on purpose: web/src/lintBoundaries.test.ts expects the lint to
// refuse each of these imports in web code (this directory is left out of the normal lint).
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '@payd/server';

export const used = [loadConfig, buildApp];
