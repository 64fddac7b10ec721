// Web3 sign-in with EIP-4361 (SIWE) messages: the server writes the message (its domain, a
// single-use nonce, a 5-minute expiry, the chain id), the wallet signs it, and the server checks
// the signature and every field. Registration links the wallet to the signed-in user; assertion
// signs in the user the wallet is linked to. Linking needs a proven sign-in within the last
// 5 minutes (recentSignIn.ts): a stolen access token alone cannot link a wallet to sign in with.
import { eq } from 'drizzle-orm';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import {
  ApiErrorCode,
  passkeyMessages,
  getWeb3SigningRequest,
  web3Registration,
  web3Assertion,
} from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { failed, invalidField } from '../wire/errors.ts';
import { wallets } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import { AUTH_CHALLENGE_TTL_MS, AuthChallenges, allowedOrigin } from './challenges.ts';
import { sha256 } from '../secrets.ts';
import { requireRecentSignIn } from './recentSignIn.ts';

export const SIWE_STATEMENT = 'Sign in to payd with your wallet.';
export const WEB3_REFUSED = 'The wallet signature could not be verified. Please try again.';

/** A refused signature: HTTP 200, status failed, error access_denied (not a token problem). */
const refused = (message = WEB3_REFUSED) => failed(ApiErrorCode.accessDenied, message);

const requestJson = z.object({ message: z.string().min(1).max(4000) });
const resultJson = z.object({ signature: z.string().regex(/^0x[0-9a-fA-F]+$/) });

function parseJson<T>(schema: z.ZodType<T>, text: string, field: string): T {
  try {
    const r = schema.safeParse(JSON.parse(text));
    if (r.success) return r.data;
  } catch {
    // fall through
  }
  throw invalidField(field, `${field} is not valid`);
}

/** Checks a signed SIWE message against the challenge it names; returns the signer (lower case). */
async function verifySigned(
  deps: AuthDeps,
  challenges: AuthChallenges,
  body: { requestJSON: string; resultJSON: string },
): Promise<{ address: string; usrId: number | null }> {
  const { message } = parseJson(requestJson, body.requestJSON, 'requestJSON');
  const { signature } = parseJson(resultJson, body.resultJSON, 'resultJSON');
  const parsed = parseSiweMessage(message);
  if (!parsed.nonce || !parsed.address || !parsed.domain) throw refused();
  const now = deps.clock.now();
  const challenge = await challenges.consume('siwe', parsed.nonce, now);
  if (!challenge || challenge.payloadHash !== sha256(message)) throw refused();
  const origin = new URL(challenge.origin);
  const valid =
    validateSiweMessage({
      message: parsed,
      domain: origin.host,
      nonce: challenge.id,
      address: getAddress(challenge.address!),
      time: now,
    }) &&
    parsed.uri === challenge.origin &&
    parsed.chainId === deps.config.chainId;
  if (!valid) throw refused();
  const signed = await verifyMessage({ address: parsed.address, message, signature: signature as Hex }).catch(
    () => false,
  );
  if (!signed) throw refused();
  return { address: parsed.address.toLowerCase(), usrId: challenge.usrId };
}

export function web3Methods(deps: AuthDeps): MethodDefinition[] {
  const challenges = new AuthChallenges(deps.db);
  return [
    implement(
      getWeb3SigningRequest,
      async (body, ctx) => {
        const origin = allowedOrigin(deps.config, body.hostingDomainUrl);
        const now = deps.clock.now();
        const nonce = generateSiweNonce();
        const expirationTime = new Date(now.getTime() + AUTH_CHALLENGE_TTL_MS);
        const message = createSiweMessage({
          address: getAddress(body.loginName),
          chainId: deps.config.chainId,
          domain: origin.host,
          nonce,
          uri: origin.origin,
          version: '1',
          statement: SIWE_STATEMENT,
          issuedAt: now,
          expirationTime,
        });
        await challenges.store(
          'siwe',
          {
            id: nonce,
            usrId: ctx.user?.usrId ?? null,
            address: body.loginName.toLowerCase(),
            origin: origin.origin,
            payloadHash: sha256(message),
          },
          now,
        );
        return {
          message,
          requestJSON: JSON.stringify({ message }),
          nonce,
          expirationTime: expirationTime.toISOString(),
        };
      },
      { rateLimit: { max: 60, timeWindow: 60_000 } },
    ),
    implement(
      web3Registration,
      async (body, ctx) => {
        // Checked before the signed message is used: the same signature can be sent again once
        // the person has confirmed who they are (within the message's 5 minutes).
        await requireRecentSignIn(deps.db, deps.clock, ctx.user!.sessionId, passkeyMessages.confirmRequired);
        const { address, usrId } = await verifySigned(deps, challenges, body);
        // The signing request must have been made by this same signed-in user.
        if (usrId !== ctx.user!.usrId) throw refused();
        const inserted = await deps.db
          .insert(wallets)
          .values({ address, usrId, createdAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning();
        if (!inserted.length) {
          const owner = (await deps.db.select().from(wallets).where(eq(wallets.address, address)))[0];
          if (owner?.usrId !== usrId)
            throw failed(ApiErrorCode.conflict, 'This wallet is already linked to another account');
        }
        return { address };
      },
      { rateLimit: { max: 60, timeWindow: 60_000 } },
    ),
    implement(
      web3Assertion,
      async (body) => {
        const { address } = await verifySigned(deps, challenges, body);
        const linked = (await deps.db.select().from(wallets).where(eq(wallets.address, address)))[0];
        if (!linked) throw refused('This wallet is not linked to an account');
        return deps.tokens.startSession(linked.usrId, 'web3', body.client_id);
      },
      { rateLimit: { max: 60, timeWindow: 60_000 } },
    ),
  ];
}
