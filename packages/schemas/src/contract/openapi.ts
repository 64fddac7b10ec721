// The OpenAPI 3.1 document of payd's API, made from the method contracts (contract.ts): one POST
// path per method, its body, its reply inside the `d` envelope, who may call it, the scope header
// and the failures every method may answer. JSON Schema 2020-12 (OpenAPI 3.1's dialect) comes
// from zod's own converter; what it cannot express is left open rather than guessed.
import { z } from 'zod';
import { SCOPE_HEADER, servicePath } from '../api.ts';
import type { AuthRule, MethodContract } from './contract.ts';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  /** Role ids → names, for methods only some roles may call. */
  roleNames?: Record<number, string>;
}

/** A zod schema as JSON Schema: the input side for bodies, the output side for replies. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete converted.$schema;
  return converted;
}

const failedBody: Json = {
  type: 'object',
  required: ['d'],
  properties: {
    d: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { const: 'failed' },
        error: {
          type: 'string',
          description:
            'validation_failed, access_denied, login_required, reauth_required, not_found, conflict, rate_limited, server_error, or a method-specific code',
        },
        message: { type: 'string', description: 'What went wrong, as a person reads it.' },
        validationErrors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
        data: { description: 'Details some refusals carry (e.g. retryAfter seconds on 429).' },
      },
    },
  },
};

const failure = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failed' } } },
});

function security(auth: AuthRule): Json[] {
  if (auth === 'public') return [];
  if (auth === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

function callers(auth: AuthRule, roleNames: Record<number, string>): string {
  if (auth === 'public') return 'Anyone may call it.';
  if (auth === 'optional') return 'Anyone may call it; a signed-in caller gets their own view.';
  if (auth === 'user') return 'Signed-in callers; each sees and changes only their own records.';
  return `Signed-in callers with the role ${auth.map((r) => roleNames[r] ?? `#${r}`).join(' or ')}.`;
}

function operation(c: MethodContract, roleNames: Record<number, string>): Json {
  const envelope: Json = {
    type: 'object',
    required: ['d'],
    properties: {
      d: {
        type: 'object',
        required: ['status', 'data'],
        properties: {
          status: { const: 'success' },
          message: { type: 'string' },
          data: jsonSchemaOf(c.reply, 'output'),
          ...(c.supporting ? { supportingData: jsonSchemaOf(c.supporting, 'output') } : {}),
        },
      },
    },
  };
  const auth: AuthRule = c.auth;
  const roles = Array.isArray(auth)
    ? { 'x-payd-roles': (auth as readonly number[]).map((r) => roleNames[r] ?? r) }
    : {};
  return {
    operationId: `${c.service}.${c.method}`,
    tags: [c.service],
    summary: c.summary,
    description: callers(c.auth, roleNames),
    security: security(c.auth),
    ...roles,
    parameters: [{ $ref: '#/components/parameters/Scope' }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: jsonSchemaOf(c.body, 'input'),
          ...(c.example ? { example: c.example.body } : {}),
        },
      },
    },
    responses: {
      '200': {
        description: 'Done: the reply is in d.data.',
        content: {
          'application/json': {
            schema: envelope,
            ...(c.example?.reply !== undefined
              ? { example: { d: { status: 'success', data: c.example.reply } } }
              : {}),
          },
        },
      },
      '400': failure(
        'The body (or the scope header) failed its schema: d.validationErrors names each field.',
      ),
      ...(c.auth === 'public'
        ? {}
        : {
            '401': failure('No valid access token: renew it with auth.GetToken, or sign in.'),
            '403': failure('Signed in, but not allowed to call this method or to see this record.'),
          }),
      '429': failure('Too many calls: wait the Retry-After seconds.'),
      '500': failure('The server failed; nothing was changed.'),
    },
  };
}

/** The whole document for these contracts (sorted by service, then method). */
export function openApiDocument(contracts: readonly MethodContract[], info: OpenApiInfo): Json {
  const roleNames = info.roleNames ?? {};
  const sorted = [...contracts].sort(
    (a, b) => a.service.localeCompare(b.service) || a.method.localeCompare(b.method),
  );
  const paths: Record<string, Json> = {};
  for (const c of sorted) paths[servicePath(c.service, c.method)] = { post: operation(c, roleNames) };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: '/' }],
    tags: [...new Set(sorted.map((c) => c.service))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access_token of auth.Login or auth.GetToken.',
        },
      },
      parameters: {
        Scope: {
          name: SCOPE_HEADER,
          in: 'header',
          required: false,
          description:
            'JSON with positive whole-number ids: systemId, companyId, projectId, cultureId (absent ids take the defaults).',
          schema: { type: 'string' },
          example: '{"cultureId":1}',
        },
      },
      schemas: { Failed: failedBody },
    },
  };
}
