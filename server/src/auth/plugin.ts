// The accounts-and-access feature as one encapsulated Fastify plugin; its dependencies come in
// as plugin options.
import type { FastifyPluginAsync } from 'fastify';
import { registerMethods } from '../wire/method.ts';
import type { AuthDeps } from './deps.ts';
import { confirmIdentityMethods } from './confirmIdentity.ts';
import { cultureMethods } from './culture.ts';
import { LoginChallenges } from './loginChallenge.ts';
import { loginMethods } from './login.ts';
import { LoginThrottle, retryAfterSeconds } from './throttle.ts';
import { resetMethods } from './reset.ts';
import { sessionInfoMethods } from './sessionInfo.ts';
import { signUpMethods } from './signUp.ts';
import { webAuthnMethods } from './webauthn.ts';
import { web3Methods } from './web3.ts';

export const authPlugin: FastifyPluginAsync<AuthDeps> = async (fastify, deps) => {
  const challenges = new LoginChallenges(
    deps.db,
    deps.clock,
    deps.config.tokenSecret,
    deps.config.loginChallengeCount,
  );
  const throttle = new LoginThrottle(deps.db);
  // The per-account back-off's 429 carries Retry-After (throttle.ts backoffRefusal).
  fastify.addHook('onSend', async (request, reply, payload) => {
    const seconds = retryAfterSeconds.get(request);
    if (seconds !== undefined) void reply.header('Retry-After', String(seconds));
    return payload;
  });
  registerMethods(
    fastify,
    [
      ...signUpMethods(deps),
      ...loginMethods({ ...deps, challenges, throttle }),
      ...resetMethods(deps, throttle),
      ...sessionInfoMethods(deps),
      ...cultureMethods(deps),
      ...webAuthnMethods(deps),
      ...web3Methods(deps),
      ...confirmIdentityMethods({ ...deps, throttle }),
    ],
    {
      authenticate: (token) => deps.tokens.authenticate(token),
      rateLimitFactor: deps.config.rateLimitFactor,
    },
  );
};
