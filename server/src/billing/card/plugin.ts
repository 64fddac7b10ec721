// Card payments (issue 12, spec 001 sections 4, 7 'PaymentWs Create', 8, 9): PaymentWs Create makes
// a PaymentIntent for the credits asked (the cents computed here from the current rates, never
// taken from the browser) and a pending stake_payment row; the provider's webhook, verified by its
// signature, books the row S (or F). The browser only polls GetStatus: its word books nothing.
// The provider is a dependency (FeatureDeps.card, chosen once from config.ts by cardPayments.ts,
// like the mailer); PaymentWs LocalConfirm exists when it comes with the local confirm method.
// Registered by billing/plugin.ts; tests give buildApp their own provider.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CARD_UNAVAILABLE_MESSAGE,
  NO_VALIDATORS_MESSAGE,
  TOP_UP_MIN_MESSAGE,
  cardCents,
  checkCredits,
  comeBackMessages,
  type Rates,
  getCardConfig,
  cardCreate,
  cardGetStatus,
  cardLocalConfirm,
} from '@payd/schemas';
import { NO_CARD_PROVIDER_MESSAGE } from '../../config.ts';
import type { FeatureDeps, FeaturePlugin } from '../../featureDeps.ts';
import { ApiError, accessDenied, failed, invalidField } from '../../wire/errors.ts';
import { registerMethods, type MethodContext, type MethodDefinition } from '../../wire/method.ts';
import { implement } from '../../wire/implement.ts';
import { currentRates } from '../payments/rates.ts';
import { validatorCount } from '../payments/balance.ts';
import { isTerminated } from '../../staking/index.ts';
import { insertPending, ownCardPayment, usdOfCents } from './payments.ts';
import { receiveEvent, registerWebhook } from './webhook.ts';

export interface CardOptions {
  rates?: (deps: FeatureDeps) => Promise<Rates>;
}

function customer(ctx: MethodContext): number {
  if (!ctx.user) throw accessDenied();
  return ctx.user.usrId;
}

const notFound = () => new ApiError(404, 'not_found', 'No such payment');

export function createCardFeature(o: CardOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const settings = deps.config.card;
    const { provider, localConfirm } = deps.card;
    const rates = o.rates ?? currentRates;
    const noProvider = settings.kind === 'none' ? settings.message : NO_CARD_PROVIDER_MESSAGE;
    const unavailable = () =>
      failed('card_unavailable', CARD_UNAVAILABLE_MESSAGE, { providerMessage: noProvider });

    await registerWebhook(fastify, deps, provider);

    const methods: MethodDefinition[] = [
      implement(
        getCardConfig,
        async () =>
          provider?.browserConfig() ?? {
            provider: 'none' as const,
            message: noProvider,
          },
      ),
      implement(
        cardCreate,
        async (body, ctx) => {
          const usrId = customer(ctx);
          if (!provider) throw unavailable();
          const check = checkCredits(String(body.amount));
          if (!check.ok) throw invalidField('amount', check.error ?? TOP_UP_MIN_MESSAGE);
          // A terminated account tops up after coming back, as ETH and FTX need an approved wallet.
          if (await isTerminated(deps.db, usrId))
            throw failed('account_terminated', comeBackMessages.topUpRefused);
          const validators = await validatorCount(deps.db, usrId);
          if (validators <= 0) throw failed('no_validators', NO_VALIDATORS_MESSAGE);
          const r = await rates(deps);
          const cents = cardCents(check.credits, r, validators);
          if (cents <= 0n) throw unavailable();
          let intent;
          try {
            intent = await provider.createIntent({
              cents,
              metadata: { usrId: String(usrId), credits: check.credits },
              idempotencyKey: randomUUID(),
            });
          } catch (err) {
            ctx.request.log.error({ err }, 'card provider refused to create a payment intent');
            throw failed('card_unavailable', CARD_UNAVAILABLE_MESSAGE, {
              providerMessage: err instanceof Error ? err.message : String(err),
            });
          }
          const id = await insertPending(deps.database, {
            usrId,
            ref: intent.ref,
            usd: usdOfCents(cents),
            credits: check.credits,
            at: deps.clock.now(),
          });
          return { clientSecret: intent.clientSecret, id, cents: cents.toString(), credits: check.credits };
        },
        { rateLimit: { max: 30, timeWindow: 60_000 } },
      ),
      implement(cardGetStatus, async (body, ctx) => {
        const row = await ownCardPayment(deps.database, customer(ctx), { id: body.id });
        if (!row) throw notFound();
        return { id: row.id, status: row.status, credits: row.credits, amount: row.amount };
      }),
    ];
    if (provider && localConfirm) {
      const local = localConfirm;
      methods.push(
        implement(
          cardLocalConfirm,
          async (body, ctx) => {
            const usrId = customer(ctx);
            const ref = local.refOf(body.clientSecret);
            const row = ref ? await ownCardPayment(deps.database, usrId, { ref }) : null;
            if (!row) throw notFound();
            if (row.status === 'S') return { outcome: 'succeeded' as const };
            const { clientSecret: _secret, ...card } = body;
            // The outcome goes straight to the webhook's handler, verified and booked as Stripe's.
            const deliver = async (payload: string, signature: string) =>
              (await receiveEvent(deps, provider, Buffer.from(payload), signature, ctx.request.log)).status;
            return local.pay(
              {
                ref: row.ref,
                cents: BigInt(row.amount.replace('.', '')),
                metadata: { usrId: String(usrId), credits: row.credits },
              },
              card,
              deliver,
            );
          },
          { rateLimit: { max: 30, timeWindow: 60_000 } },
        ),
      );
    }
    registerMethods(fastify, methods, deps.methods);
  };
}

export const cardFeature: FeaturePlugin = createCardFeature();
