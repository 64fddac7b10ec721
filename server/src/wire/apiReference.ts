// The API's own description: GET /webservices/openapi.json (OpenAPI 3.1, made from the contracts
// of the methods this server serves) and GET /webservices/reference, a page that renders it with
// Swagger UI served from this server (swagger-ui-dist from npm; no CDN). The page runs under the
// site's Content-Security-Policy: its script is a file, not inline, and it calls only this origin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type MethodContract } from '@payd/schemas';
import { Role } from '../framework/roles.ts';
import { servedMethods } from './method.ts';

/** The API's version in its document: the server package's. */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const OPENAPI_PATH = '/webservices/openapi.json';
export const REFERENCE_PATH = '/webservices/reference';

const roleNames: Record<number, string> = Object.fromEntries(
  Object.entries(Role).map(([name, id]) => [id, name]),
);

/** The document for the methods `fastify`'s app serves (those implemented from a contract). */
export function apiDocument(fastify: FastifyInstance, version: string): Record<string, unknown> {
  const contracts = servedMethods(fastify)
    .map((m) => m.contract)
    .filter((c): c is MethodContract => c !== undefined);
  return openApiDocument(contracts, {
    title: 'payd API',
    version,
    description:
      'Every payd method is POST /webservices/{Service}Ws.asmx/{Method} with a JSON body; every reply is ' +
      'wrapped in `d` (status, data, message, error, validationErrors). Sign in with auth.Login, send the ' +
      'access token as a Bearer token, and renew it with auth.GetToken. The reference page is at ' +
      `${REFERENCE_PATH}.`,
    roleNames,
  });
}

const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(uiDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: join(uiDir, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'none',
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>payd API reference</title>
<link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_PATH}/init.js"></script>
</body>
</html>
`;

export function registerApiReference(fastify: FastifyInstance, version: string): void {
  let document: Record<string, unknown> | undefined;
  fastify.get(OPENAPI_PATH, async (_request, reply) => {
    // Every method is registered before the first request: made once.
    document ??= apiDocument(fastify, version);
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  fastify.get(REFERENCE_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  fastify.get(`${REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(initScript),
  );
  const cache = new Map<string, Buffer>();
  for (const [name, asset] of Object.entries(assets)) {
    fastify.get(`${REFERENCE_PATH}/${name}`, async (_request, reply) => {
      let body = cache.get(name);
      if (!body) cache.set(name, (body = readFileSync(asset.file)));
      return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(body);
    });
  }
}
