// Service-method registration: every method is POST /webservices/{Service}Ws.asmx/{Method},
// its body validated by a zod schema, its caller checked against an auth rule, and its result
// wrapped in the `d` envelope. Features declare methods with defineMethod and register them
// from their own Fastify plugin with registerMethods.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ApiErrorCode,
  DEFAULT_SCOPE,
  SCOPE_HEADER,
  servicePath,
  type ApiReply,
  type RequestScope,
  type ValidationError,
} from '@payd/schemas';
import { ApiError, accessDenied, forbidden } from './errors.ts';

/** The signed-in caller, from a verified access token. */
export interface AuthUser {
  usrId: number;
  usrName: string;
  role: number;
  sessionId: string;
}

/** 'public': anyone; 'optional': anyone, user set when a valid token is sent; 'user': any
 * signed-in user; a list: signed-in users with one of these role ids. */
export type AuthRule = 'public' | 'optional' | 'user' | readonly number[];

export interface MethodContext {
  request: FastifyRequest;
  user: AuthUser | null;
  scope: RequestScope;
  /** Client IP: the socket's peer, or the X-Forwarded-For hop that TRUST_PROXY trusts. */
  ip: string;
  /** Sets `d.supportingData` of the reply. */
  setSupportingData(value: unknown): void;
  /** Sets `d.message` of a successful reply. */
  setMessage(message: string): void;
}

export interface MethodDefinition<S extends z.ZodType = z.ZodType> {
  service: string;
  method: string;
  body: S;
  auth: AuthRule;
  /** Per-IP limit of this method (on top of any per-account counters the handler keeps). */
  rateLimit?: { max: number; timeWindow: number };
  /** Largest accepted body in bytes (default 1 MiB); uploads raise it. */
  bodyLimit?: number;
  handler(body: z.output<S>, ctx: MethodContext): Promise<unknown>;
}

export function defineMethod<S extends z.ZodType>(definition: MethodDefinition<S>): MethodDefinition<S> {
  return definition;
}

export interface RegisterOptions {
  /** Verifies the Bearer token of a request; null when absent or invalid. */
  authenticate(token: string): Promise<AuthUser | null>;
  /** Multiplies every per-IP limit (the bench raises it). */
  rateLimitFactor?: number;
}

/** Zod issues → the wire's validationErrors (dotted field paths). */
export function toValidationErrors(error: z.ZodError): ValidationError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

export function envelope(reply: FastifyReply, httpStatus: number, d: ApiReply['d']): FastifyReply {
  return reply.code(httpStatus).type('application/json').send({ d });
}

export function errorEnvelope(reply: FastifyReply, err: ApiError): FastifyReply {
  return envelope(reply, err.httpStatus, {
    status: 'failed',
    error: err.code,
    message: err.message,
    ...(err.data !== undefined ? { data: err.data } : {}),
    ...(err.validationErrors ? { validationErrors: err.validationErrors } : {}),
  });
}

function readScope(request: FastifyRequest): RequestScope {
  const raw = request.headers[SCOPE_HEADER];
  if (typeof raw !== 'string' || raw.length > 1000) return { ...DEFAULT_SCOPE };
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof RequestScope, unknown>>;
    const scope = { ...DEFAULT_SCOPE };
    for (const key of Object.keys(scope) as (keyof RequestScope)[]) {
      const v = Number(parsed[key]);
      if (Number.isInteger(v) && v > 0) scope[key] = v;
    }
    return scope;
  } catch {
    return { ...DEFAULT_SCOPE };
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export function registerMethods(
  fastify: FastifyInstance,
  methods: readonly MethodDefinition[],
  options: RegisterOptions,
): void {
  const factor = options.rateLimitFactor ?? 1;
  for (const def of methods) {
    fastify.post(
      servicePath(def.service, def.method),
      {
        ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
        config: def.rateLimit
          ? { rateLimit: { max: def.rateLimit.max * factor, timeWindow: def.rateLimit.timeWindow } }
          : { rateLimit: false },
      },
      async (request, reply) => {
        let user: AuthUser | null = null;
        if (def.auth !== 'public') {
          const token = bearer(request);
          user = token ? await options.authenticate(token) : null;
          if (!user && def.auth !== 'optional') throw accessDenied();
          if (user && Array.isArray(def.auth) && !def.auth.includes(user.role)) throw forbidden();
        }
        const parsed = def.body.safeParse(request.body ?? {});
        if (!parsed.success) {
          const validationErrors = toValidationErrors(parsed.error);
          throw new ApiError(
            400,
            ApiErrorCode.validationFailed,
            validationErrors.map((v) => v.message).join('; '),
            undefined,
            validationErrors,
          );
        }
        let supportingData: unknown;
        let message: string | undefined;
        const data = await def.handler(parsed.data, {
          request,
          user,
          scope: readScope(request),
          ip: request.ip,
          setSupportingData: (v) => {
            supportingData = v;
          },
          setMessage: (m) => {
            message = m;
          },
        });
        return envelope(reply, 200, {
          status: 'success',
          ...(message !== undefined ? { message } : {}),
          data: data ?? null,
          ...(supportingData !== undefined ? { supportingData } : {}),
        });
      },
    );
  }
}
