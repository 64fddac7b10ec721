// Passkeys (WebAuthn, @simplewebauthn/server): a signed-in user registers a passkey; anyone
// signs in with a discoverable passkey and gets the same token set as a password login.
// Challenges are stored server-side, bound to the page origin, single use, valid 5 minutes.
// The person lists, renames and removes their own passkeys (GetPasskeys, RenamePasskey,
// DelPasskey). Registering, renaming and removing need a proven sign-in within the last 5 minutes
// (recentSignIn.ts): a stolen access token alone cannot add a passkey and then sign in with it.
import { and, asc, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  ApiErrorCode,
  passkeyMessages,
  type PasskeyInfo,
  getWebAuthnRegistrationRequest,
  webAuthnRegistration,
  getWebAuthnAssertionRequest,
  webAuthnAssertion,
  getPasskeys,
  renamePasskey,
  delPasskey,
} from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { ApiError, failed, invalidField } from '../wire/errors.ts';
import { webauthnCredentials } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { AuthDeps } from './deps.ts';
import { AUTH_CHALLENGE_TTL_MS, AuthChallenges, allowedOrigin } from './challenges.ts';
import { requireRecentSignIn } from './recentSignIn.ts';

export const PASSKEY_REFUSED = 'The passkey could not be verified. Please try again.';
const refused = () => failed(ApiErrorCode.accessDenied, PASSKEY_REFUSED);

const requestJson = z.object({ challenge: z.string().min(16).max(200) });
const credentialJson = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

/** 404 for a passkey that is not the caller's: whether it exists for someone else is not said. */
const passkeyNotFound = () => new ApiError(404, ApiErrorCode.notFound, passkeyMessages.notFound);

type CredentialRow = typeof webauthnCredentials.$inferSelect;
function passkeyInfo(c: CredentialRow): PasskeyInfo {
  return {
    credentialId: c.id,
    name: c.name,
    createdAt: c.createdAt.toISOString(),
    lastUsedAt: c.lastUsedAt ? c.lastUsedAt.toISOString() : null,
  };
}

async function ownPasskeys(db: Db, usrId: number): Promise<PasskeyInfo[]> {
  const rows = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.usrId, usrId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
  return rows.map(passkeyInfo);
}

/** 'Passkey n' with the smallest n the person does not use yet. */
async function defaultPasskeyName(db: Db, usrId: number): Promise<string> {
  const used = new Set(
    (
      await db
        .select({ name: webauthnCredentials.name })
        .from(webauthnCredentials)
        .where(and(eq(webauthnCredentials.usrId, usrId), like(webauthnCredentials.name, 'Passkey %')))
    ).map((r) => r.name),
  );
  let n = 1;
  while (used.has(`Passkey ${n}`)) n++;
  return `Passkey ${n}`;
}

function parseJson<T>(schema: z.ZodType<T>, text: string, field: string): T {
  try {
    const r = schema.safeParse(JSON.parse(text));
    if (r.success) return r.data;
  } catch {
    // fall through
  }
  throw invalidField(field, `${field} is not valid`);
}

export function webAuthnMethods(deps: AuthDeps): MethodDefinition[] {
  const challenges = new AuthChallenges(deps.db);
  return [
    registrationRequestMethod(deps, challenges),
    registrationMethod(deps, challenges),
    assertionRequestMethod(deps, challenges),
    assertionMethod(deps, challenges),
    getPasskeysMethod(deps),
    renamePasskeyMethod(deps),
    delPasskeyMethod(deps),
  ];
}

function registrationRequestMethod(deps: AuthDeps, challenges: AuthChallenges): MethodDefinition {
  return implement(
    getWebAuthnRegistrationRequest,
    async (body, ctx) => {
      const origin = allowedOrigin(deps.config, body.hostingDomainUrl);
      const user = ctx.user!;
      // Asked before the authenticator is: the person confirms first, then registers.
      await requireRecentSignIn(deps.db, deps.clock, user.sessionId, passkeyMessages.confirmRequired);
      const existing = await deps.db
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.usrId, user.usrId));
      const options = await generateRegistrationOptions({
        rpName: 'payd',
        rpID: origin.hostname,
        userName: user.usrName,
        userDisplayName: user.usrName,
        userID: new TextEncoder().encode(`payd:${user.usrId}`),
        attestationType: 'none',
        timeout: AUTH_CHALLENGE_TTL_MS,
        excludeCredentials: existing.map((c) => ({
          id: c.id,
          transports: c.transports ? (c.transports.split(',') as AuthenticatorTransport[]) : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await challenges.store(
        'webauthn-reg',
        { id: options.challenge, usrId: user.usrId, origin: origin.origin },
        deps.clock.now(),
      );
      return {
        options: options as unknown as Record<string, unknown>,
        requestJSON: JSON.stringify(options),
      };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

function registrationMethod(deps: AuthDeps, challenges: AuthChallenges): MethodDefinition {
  return implement(
    webAuthnRegistration,
    async (body, ctx) => {
      // Checked again before the challenge is used: the same reply can be sent after confirming.
      await requireRecentSignIn(deps.db, deps.clock, ctx.user!.sessionId, passkeyMessages.confirmRequired);
      const { challenge } = parseJson(requestJson, body.requestJSON, 'requestJSON');
      const response = parseJson(
        credentialJson,
        body.resultJSON,
        'resultJSON',
      ) as unknown as RegistrationResponseJSON;
      const stored = await challenges.consume('webauthn-reg', challenge, deps.clock.now());
      if (!stored || stored.usrId !== ctx.user!.usrId) throw refused();
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: stored.id,
          expectedOrigin: stored.origin,
          expectedRPID: new URL(stored.origin).hostname,
          requireUserVerification: false,
        });
      } catch {
        throw refused();
      }
      if (!verification.verified || !verification.registrationInfo) throw refused();
      const { credential } = verification.registrationInfo;
      const inserted = await deps.db
        .insert(webauthnCredentials)
        .values({
          id: credential.id,
          usrId: stored.usrId,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          createdAt: deps.clock.now(),
          name: await defaultPasskeyName(deps.db, stored.usrId),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted.length) throw failed(ApiErrorCode.conflict, 'This passkey is already registered');
      return { credentialId: credential.id };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

function assertionRequestMethod(deps: AuthDeps, challenges: AuthChallenges): MethodDefinition {
  return implement(
    // loginName is accepted but not used: listing its credentials would reveal the account.
    getWebAuthnAssertionRequest,
    async (body) => {
      const origin = allowedOrigin(deps.config, body.hostingDomainUrl);
      const options = await generateAuthenticationOptions({
        rpID: origin.hostname,
        allowCredentials: [],
        userVerification: 'preferred',
        timeout: AUTH_CHALLENGE_TTL_MS,
      });
      await challenges.store(
        'webauthn-auth',
        { id: options.challenge, usrId: null, origin: origin.origin },
        deps.clock.now(),
      );
      return {
        options: options as unknown as Record<string, unknown>,
        requestJSON: JSON.stringify(options),
      };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

function assertionMethod(deps: AuthDeps, challenges: AuthChallenges): MethodDefinition {
  return implement(
    webAuthnAssertion,
    async (body) => {
      const usrId = await verifyPasskeyAssertion(deps, challenges, body.requestJSON, body.resultJSON, {
        request: 'requestJSON',
        result: 'resultJSON',
      });
      return deps.tokens.startSession(usrId, 'passkey', body.client_id);
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

function getPasskeysMethod(deps: AuthDeps): MethodDefinition {
  return implement(getPasskeys, async (_body, ctx) => {
    return { passkeys: await ownPasskeys(deps.db, ctx.user!.usrId) };
  });
}

function renamePasskeyMethod(deps: AuthDeps): MethodDefinition {
  return implement(
    renamePasskey,
    async (body, ctx) => {
      const me = ctx.user!;
      await requireRecentSignIn(deps.db, deps.clock, me.sessionId, passkeyMessages.confirmRequired);
      const [row] = await deps.db
        .update(webauthnCredentials)
        .set({ name: body.name })
        .where(and(eq(webauthnCredentials.id, body.credentialId), eq(webauthnCredentials.usrId, me.usrId)))
        .returning();
      if (!row) throw passkeyNotFound();
      ctx.setMessage(passkeyMessages.renamed);
      return passkeyInfo(row);
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

function delPasskeyMethod(deps: AuthDeps): MethodDefinition {
  return implement(
    // Every account has a password (and its reset by mail), so removing every passkey never
    // leaves the person without a way to sign in.
    delPasskey,
    async (body, ctx) => {
      const me = ctx.user!;
      await requireRecentSignIn(deps.db, deps.clock, me.sessionId, passkeyMessages.confirmRequired);
      const removed = await deps.db
        .delete(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, body.credentialId), eq(webauthnCredentials.usrId, me.usrId)))
        .returning({ id: webauthnCredentials.id });
      if (!removed.length) throw passkeyNotFound();
      ctx.setMessage(passkeyMessages.removed);
      return { passkeys: await ownPasskeys(deps.db, me.usrId) };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

/**
 * Verifies a passkey assertion answering a GetWebAuthnAssertionRequest challenge (single use)
 * and returns the user whose passkey signed it; refuses with PASSKEY_REFUSED otherwise. Used to
 * sign in and to prove the owner for a password change. `fields` names the body fields.
 */
export async function verifyPasskeyAssertion(
  deps: AuthDeps,
  challenges: AuthChallenges,
  requestJSON: string,
  resultJSON: string,
  fields: { request: string; result: string },
): Promise<number> {
  const { challenge } = parseJson(requestJson, requestJSON, fields.request);
  const response = parseJson(
    credentialJson,
    resultJSON,
    fields.result,
  ) as unknown as AuthenticationResponseJSON;
  const stored = await challenges.consume('webauthn-auth', challenge, deps.clock.now());
  if (!stored) throw refused();
  const credential = (
    await deps.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, response.id))
  )[0];
  if (!credential) throw refused();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.id,
      expectedOrigin: stored.origin,
      expectedRPID: new URL(stored.origin).hostname,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
      },
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  await deps.db
    .update(webauthnCredentials)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: deps.clock.now() })
    .where(eq(webauthnCredentials.id, credential.id));
  return credential.usrId;
}
