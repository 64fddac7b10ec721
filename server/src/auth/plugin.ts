// The accounts-and-access feature as one encapsulated Fastify plugin; its dependencies come in
// as plugin options.
import type { FastifyPluginAsync } from 'fastify';
import { registerMethods } from '../protocol/method.ts';
import type { AuthDeps } from './deps.ts';
import { LoginChallenges } from './loginChallenge.ts';
import { loginMethods } from './login.ts';
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
  registerMethods(
    fastify,
    [
      ...signUpMethods(deps),
      ...loginMethods({ ...deps, challenges }),
      ...resetMethods(deps),
      ...sessionInfoMethods(deps),
      ...webAuthnMethods(deps),
      ...web3Methods(deps),
    ],
    {
      authenticate: (token) => deps.tokens.authenticate(token),
      rateLimitFactor: deps.config.rateLimitFactor,
    },
  );
};
