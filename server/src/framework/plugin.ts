// Serves a set of screen definitions: one engine per screen, its common operations registered
// under {Service}Ws.asmx, and the screens' culture-1 labels put into the labels table.
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { registerMethods, type RegisterOptions } from '../wire/method.ts';
import type { ScreenDef } from './definition.ts';
import { ScreenEngine } from './engine.ts';
import { seedScreenLabels } from './labels.ts';
import { screenMethods } from './methods.ts';
import { uploadErrorHandler } from './docContent.ts';

export interface ScreensPluginOptions {
  db: Db;
  clock: Clock;
  screens: readonly ScreenDef[];
  /** Token check and rate-limit factor, as registerMethods takes them. */
  methods: RegisterOptions;
}

export const screensPlugin: FastifyPluginAsync<ScreensPluginOptions> = async (fastify, o) => {
  // An upload over the body limit answers the spec's size message (this plugin's routes only).
  fastify.setErrorHandler(uploadErrorHandler);
  for (const def of o.screens) {
    await seedScreenLabels(o.db, def);
    registerMethods(fastify, screenMethods(new ScreenEngine(def, { db: o.db, clock: o.clock })), o.methods);
  }
};
