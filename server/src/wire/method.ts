// Service-method registration: every method is POST /webservices/{Service}Ws.asmx/{Method},
// its body validated by a zod schema, its caller checked against an auth rule, and its result
// wrapped in the `d` envelope. Features declare methods with defineMethod and register them
// from their own Fastify plugin with registerMethods.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorCode,
  DEFAULT_SCOPE,
  SCOPE_HEADER,
  fieldMessages,
  hasNul,
  positiveIntId,
  servicePath,
  type ApiReply,
  type RequestScope,
  type AuthRule,
  type MethodContract,
  type ValidationError,
} from '@payd/schemas';
import { languageOfCulture } from '@payd/i18n';
import { localizeText } from '@payd/i18n/node';
import { ApiError, accessDenied, forbidden } from './errors.ts';

/** The signed-in caller, from a verified access token. */
export interface AuthUser {
  usrId: number;
  usrName: string;
  role: number;
  sessionId: string;
}

export type { AuthRule };

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
  /** The contract the method implements (implement.ts): its reply schema and API reference. */
  contract?: MethodContract;
}

export function defineMethod<S extends z.ZodType>(definition: MethodDefinition<S>): MethodDefinition<S> {
  return definition;
}

export interface RegisterOptions {
  /** Verifies the Bearer token of a request; null when absent or invalid. */
  authenticate(token: string): Promise<AuthUser | null>;
  /** Multiplies every per-IP limit (the bench raises it). */
  rateLimitFactor?: number;
  /** Parse every reply of a method with a contract against its reply schema (server tests): a
   * reply that does not match is a 500 naming the method and the fields. */
  checkReplies?: boolean;
}

/** Zod issues → the wire's validationErrors (dotted field paths). */
export function toValidationErrors(error: z.ZodError): ValidationError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

export function envelope(reply: FastifyReply, httpStatus: number, d: ApiReply['d']): FastifyReply {
  return reply
    .code(httpStatus)
    .type('application/json')
    .send({ d: localizedReply(d, cultureOfRequest(reply.request)) });
}

/**
 * The caller's culture id from the scope header, leniently: the reply to a request whose header
 * is wrong (a 400 naming it) still needs a language, English.
 */
export function cultureOfRequest(request: FastifyRequest): number {
  const raw = request.headers[SCOPE_HEADER];
  if (typeof raw !== 'string' || raw.length > 1000) return DEFAULT_SCOPE.cultureId;
  try {
    const id = (JSON.parse(raw) as { cultureId?: unknown } | null)?.cultureId;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : DEFAULT_SCOPE.cultureId;
  } catch {
    return DEFAULT_SCOPE.cultureId;
  }
}

/** A reply's message and field messages in the caller's language, where the catalogue has them
 * (handlers and schemas speak the spec's English; @payd/i18n knows its translations). */
function localizedReply(d: ApiReply['d'], cultureId: number): ApiReply['d'] {
  if (languageOfCulture(cultureId).cultureId === DEFAULT_SCOPE.cultureId) return d;
  const fields = d.validationErrors?.map((v) => ({ ...v, message: localizeText(v.message, cultureId) }));
  // A validation failure's message lists its fields' messages (validationFailed): list the translations.
  const joined = d.validationErrors && d.message === d.validationErrors.map((v) => v.message).join('; ');
  return {
    ...d,
    ...(d.message !== undefined
      ? {
          message:
            joined && fields ? fields.map((v) => v.message).join('; ') : localizeText(d.message, cultureId),
        }
      : {}),
    ...(fields ? { validationErrors: fields } : {}),
  };
}

export function errorEnvelope(reply: FastifyReply, err: ApiError): FastifyReply {
  // A 429 that knows when to come back says so in Retry-After (seconds).
  const retryAfter = (err.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (err.httpStatus === 429 && typeof retryAfter === 'number')
    void reply.header('Retry-After', String(retryAfter));
  return envelope(reply, err.httpStatus, {
    status: 'failed',
    error: err.code,
    message: err.message,
    ...(err.data !== undefined ? { data: err.data } : {}),
    ...(err.validationErrors ? { validationErrors: err.validationErrors } : {}),
  });
}

function validationFailed(validationErrors: ValidationError[]): ApiError {
  return new ApiError(
    400,
    ApiErrorCode.validationFailed,
    validationErrors.map((v) => v.message).join('; '),
    undefined,
    validationErrors,
  );
}

/**
 * The path of the first string (or key) holding a NUL character anywhere in a JSON body, or null.
 * PostgreSQL refuses NUL in text, so no method takes one, whatever its schema says of the field
 * (an options object, a document's JSON, a row cell). Walked without recursion: a body may nest
 * deeper than the stack.
 */
export function nulPath(body: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: body, path: '' }];
  const at = (path: string, k: string | number) => (path ? `${path}.${k}` : String(k));
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) return path || '(body)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: at(path, i) });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (hasNul(k)) return at(path, k.replaceAll('\u0000', '\\0'));
        stack.push({ v: x, path: at(path, k) });
      }
    }
  }
  return null;
}

const scopeHeader = z
  .object({
    systemId: positiveIntId.optional(),
    companyId: positiveIntId.optional(),
    projectId: positiveIntId.optional(),
    cultureId: positiveIntId.optional(),
  })
  .loose();

/** The scope header (JSON, every id a positive PostgreSQL integer; absent ids take the default).
 * A header that is not such JSON is a 400 naming it. */
function readScope(request: FastifyRequest): RequestScope {
  const raw = request.headers[SCOPE_HEADER];
  if (raw === undefined) return { ...DEFAULT_SCOPE };
  const message = 'The scope header must be JSON with positive whole-number ids';
  if (typeof raw !== 'string' || raw.length > 1000)
    throw validationFailed([{ field: SCOPE_HEADER, message }]);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw validationFailed([{ field: SCOPE_HEADER, message }]);
  }
  const parsed = scopeHeader.safeParse(json);
  if (!parsed.success)
    throw validationFailed(
      toValidationErrors(parsed.error).map((v) => ({
        field: v.field === '(body)' ? SCOPE_HEADER : `${SCOPE_HEADER}.${v.field}`,
        message: v.field === '(body)' ? message : v.message,
      })),
    );
  const scope = { ...DEFAULT_SCOPE };
  for (const key of Object.keys(scope) as (keyof RequestScope)[]) {
    const v = parsed.data[key];
    if (v !== undefined) scope[key] = v;
  }
  return scope;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/** The definition registered at each path (the newest app's): tools that read body schemas
 * (the fuzz test, which spoils each field a schema names) look methods up here. */
const registered = new Map<string, MethodDefinition>();
export function registeredMethod(path: string): MethodDefinition | undefined {
  return registered.get(path);
}

/** Throws when a reply (or its supporting data) does not match its contract's schemas. */
export function checkReply(contract: MethodContract, data: unknown, supportingData: unknown): void {
  const parts: [string, z.ZodType | undefined, unknown][] = [
    ['data', contract.reply, data],
    ['supportingData', contract.supporting, supportingData],
  ];
  for (const [part, schema, value] of parts) {
    if (!schema || (part === 'supportingData' && value === undefined)) continue;
    // What the caller will read: the reply as JSON (a Date is its ISO text there).
    const parsed = schema.safeParse(JSON.parse(JSON.stringify(value)));
    if (!parsed.success)
      throw new Error(
        `${contract.service}.${contract.method} replied ${part} its contract does not describe: ` +
          toValidationErrors(parsed.error)
            .map((v) => `${v.field}: ${v.message}`)
            .join('; '),
      );
  }
}

/** The methods each app serves, by its HTTP server (shared by every encapsulated plugin scope). */
const servedBy = new WeakMap<object, MethodDefinition[]>();
/** Every method `fastify`'s app has registered so far (the API reference lists them). */
export function servedMethods(fastify: FastifyInstance): readonly MethodDefinition[] {
  return servedBy.get(fastify.server) ?? [];
}

export function registerMethods(
  fastify: FastifyInstance,
  methods: readonly MethodDefinition[],
  options: RegisterOptions,
): void {
  const factor = options.rateLimitFactor ?? 1;
  const served = servedBy.get(fastify.server) ?? [];
  servedBy.set(fastify.server, served);
  for (const def of methods) {
    registered.set(servicePath(def.service, def.method), def);
    served.push(def);
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
        const nul = nulPath(request.body);
        if (nul !== null) throw validationFailed([{ field: nul, message: fieldMessages.nul }]);
        const parsed = def.body.safeParse(request.body ?? {});
        if (!parsed.success) throw validationFailed(toValidationErrors(parsed.error));
        const scope = readScope(request);
        let supportingData: unknown;
        let message: string | undefined;
        const data = await def.handler(parsed.data, {
          request,
          user,
          scope,
          ip: request.ip,
          setSupportingData: (v) => {
            supportingData = v;
          },
          setMessage: (m) => {
            message = m;
          },
        });
        if (options.checkReplies && def.contract) checkReply(def.contract, data ?? null, supportingData);
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
