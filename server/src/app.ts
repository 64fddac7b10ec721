// buildApp: the payd API server as a Fastify instance with every dependency passed in, so
// main.ts wires the real ones and tests wire controllable ones (clock, captcha, database).
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiErrorCode } from '@payd/schemas';
import { fastifyTrustProxy, type ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Captcha } from './captcha/captcha.ts';
import { altchaCaptcha } from './captcha/altcha.ts';
import { recaptchaCaptcha } from './captcha/recaptcha.ts';
import { geoLite2CountryLookup, type CountryLookup } from './geo/country.ts';
import { ApiError, rateLimited } from './wire/errors.ts';
import { envelope, errorEnvelope } from './wire/method.ts';
import { dbRateLimitStore } from './wire/rateLimitStore.ts';
import { authPlugin } from './auth/plugin.ts';
import { TokenService } from './auth/tokens.ts';
import { Counters } from './db/counters.ts';
import { EmailCodes } from './auth/emailCodes.ts';
import { subKey } from './secrets.ts';
import { sitePlugin } from './site/plugin.ts';
import { API_VERSION, registerApiReference } from './wire/apiReference.ts';
import { registerSecurityHeaders } from './site/securityHeaders.ts';
import { features as defaultFeatures } from './features.ts';
import type { FeaturePlugin } from './featureDeps.ts';
import { setRecentSignInWindow } from './auth/recentSignIn.ts';
import { cardPayments } from './billing/card/cardPayments.ts';
import type { CardPayments } from './billing/card/provider.ts';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  captcha?: Captcha;
  countries?: CountryLookup;
  /** The card provider; default: the one config.card calls for (cardPayments.ts). */
  card?: CardPayments;
  /** Serve the dev mailbox (true when the embedded SMTP sink runs). */
  mailbox?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Feature plugins to register; defaults to the `features` list of features.ts. */
  features?: FeaturePlugin[];
}

let sharedCountries: CountryLookup | undefined;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, mailer } = options;
  const clock = options.clock ?? systemClock;
  const db = database.db;
  setRecentSignInWindow(config.recentSignInMs);
  const captcha =
    options.captcha ??
    (config.captchaProvider === 'recaptcha'
      ? recaptchaCaptcha(config.recaptchaSecret)
      : altchaCaptcha({ db, clock, hmacSecret: subKey(config.tokenSecret, 'altcha') }));
  const countries = options.countries ?? (sharedCountries ??= geoLite2CountryLookup());
  const card = options.card ?? cardPayments(config.card, () => clock.now());
  const tokens = new TokenService({
    db,
    clock,
    tokenSecret: config.tokenSecret,
    accessTokenTtl: config.accessTokenTtl,
    issuer: 'payd',
  });

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });

  // An empty JSON body is an empty object; anything unparsable is a validation failure.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ApiError(400, ApiErrorCode.validationFailed, 'The body is not valid JSON', undefined, [
          { field: '(body)', message: 'The body is not valid JSON' },
        ]),
      );
    }
  });

  // Per-IP limits are counted in the database, so every instance on it shares them.
  await app.register(rateLimit, {
    global: false,
    store: dbRateLimitStore(db, clock),
    errorResponseBuilder: () => rateLimited(),
  });

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof ApiError) return errorEnvelope(reply, err);
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return errorEnvelope(reply, rateLimited());
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The body is too large' : 'The request is not valid';
      return envelope(reply, status, {
        status: 'failed',
        error: ApiErrorCode.validationFailed,
        message,
        validationErrors: [{ field: '(body)', message }],
      });
    }
    request.log.error({ err }, 'unexpected error');
    return envelope(reply, 500, {
      status: 'failed',
      error: ApiErrorCode.serverError,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
  app.setNotFoundHandler((_request, reply) =>
    envelope(reply, 404, { status: 'failed', error: ApiErrorCode.notFound, message: 'Not found' }),
  );

  await registerSecurityHeaders(app, config);
  await app.register(authPlugin, {
    db,
    clock,
    config,
    mailer,
    captcha,
    countries,
    tokens,
    counters: new Counters(db),
    emailCodes: new EmailCodes(db, config.tokenSecret),
  });
  const methods = {
    authenticate: (token: string) => tokens.authenticate(token),
    rateLimitFactor: config.rateLimitFactor,
    checkReplies: config.checkReplies,
  };
  for (const feature of options.features ?? defaultFeatures) {
    await app.register(async (scope) =>
      feature(scope, { db, database, clock, config, mailer, tokens, card, methods }),
    );
  }
  registerApiReference(app, API_VERSION);
  await app.register(sitePlugin, { config, db, captcha, mailbox: options.mailbox ?? false });
  return app;
}
