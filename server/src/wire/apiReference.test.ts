// The API reference: /webservices/openapi.json lists every method the server serves, each from its
// contract, with examples that pass their schemas; /webservices/reference serves its page and the
// renderer's files under the site's CSP (no inline script).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, servicePath } from '@payd/schemas';
import { startTestApp, type TestApp } from '../testing/testApp.ts';
import { OPENAPI_PATH, REFERENCE_PATH } from './apiReference.ts';
import { servedMethods } from './method.ts';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    { post: { operationId: string; summary: string; responses: Record<string, unknown> } }
  >;
};

describe('API reference', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
  });
  afterAll(() => t?.close());

  it('is an OpenAPI 3.1 document with one operation per served method', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('payd API');
    const ids = Object.values(doc.paths).map((p) => p.post.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of Object.values(doc.paths)) {
      expect(p.post.summary.length).toBeGreaterThan(5);
      expect(Object.keys(p.post.responses)).toEqual(expect.arrayContaining(['200', '400', '429', '500']));
    }
  });

  it('lists every served method, each from its contract', () => {
    const served = servedMethods(t.app).map((m) => ({
      path: servicePath(m.service, m.method),
      contracted: m.contract !== undefined,
    }));
    expect(served.length).toBeGreaterThan(50);
    // Every method the server serves has a contract (issue 26): none is left out of the document.
    expect(served.filter((m) => !m.contracted).map((m) => m.path)).toEqual([]);
    for (const m of served) expect(Object.keys(doc.paths)).toContain(m.path);
    expect(Object.keys(doc.paths).length).toBe(served.length);
  });

  it("has examples that pass their contract's schemas", () => {
    const withExamples = allContracts().filter((c) => c.example);
    expect(withExamples.length).toBeGreaterThan(0);
    for (const c of withExamples) {
      expect(c.body.safeParse(c.example!.body).success, `${c.service}.${c.method} body example`).toBe(true);
      if (c.example!.reply !== undefined)
        expect(c.reply.safeParse(c.example!.reply).success, `${c.service}.${c.method} reply example`).toBe(
          true,
        );
    }
  });

  it('serves the reference page and its renderer from this server, with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(new RegExp(`src="${REFERENCE_PATH}/`));
      expect((inline ?? '').trim()).toBe('');
    }
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
  });
});
