import { createConfig, lintFromString } from '@redocly/openapi-core';
import { adCalls, gatewayCalls, siteCalls } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

describe('API documentation', () => {
  const ctx = useTestApp();

  it('generates OpenAPI from the contract schemas', async () => {
    const res = await ctx.app.inject('/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of Object.values(siteCalls)) expect(Object.keys(doc.paths)).toContain(path);
    const params = doc.paths[siteCalls.filterCategoryVideoListData].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining([
        'mainCategoryId',
        'subcategoryId',
        'year',
        'country',
        'orderBy',
        'sellType',
        'startIndex',
        'maxRecord',
      ]),
    );
    const sellType = doc.paths[siteCalls.filterCategoryVideoListData].get.parameters.find(
      (p: { name: string }) => p.name === 'sellType',
    );
    expect(sellType.schema.enum).toEqual(['FREE', 'AVOD', 'RENT', 'BUY', 'MONTHLY']);
  });

  it("passes Redocly's recommended rules with 0 errors (issue 28 item 4: 86 before)", async () => {
    const res = await ctx.app.inject('/docs/openapi.json');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: res.body,
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names each operation once, says who may call it and what it answers on failure', async () => {
    const doc = (await ctx.app.inject('/docs/openapi.json')).json();
    expect(doc.servers[0].url).toMatch(/^https?:\/\//);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['session', 'csrfHeader', 'gatewaySignature']),
    );
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, Operation>),
    );
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const op of operations) {
      expect(Object.keys(op.responses).some((status) => /^4/.test(status))).toBe(true);
      for (const response of Object.values(op.responses))
        expect(response.description ?? response.$ref).not.toBe('Default Response');
    }
    // A state change names the CSRF pair and its 403; a gateway call its signed query.
    const logout = doc.paths[siteCalls.logout].post as Operation;
    expect(logout.security).toContainEqual({ csrfCookie: [], csrfHeader: [], session: [] });
    expect(logout.responses['403']!.$ref).toBe('#/components/responses/CsrfRejected');
    for (const path of [gatewayCalls.login, gatewayCalls.logout, gatewayCalls.getLoginInfo]) {
      for (const op of Object.values(doc.paths[path] as Record<string, Operation>)) {
        const query = op.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
        expect(query).toEqual(expect.arrayContaining(['chl', 'ts', 'chk']));
        expect(op.responses['401']!.$ref).toBe('#/components/responses/ClientRejected');
      }
    }
    // A described call's access decides its refusals: the lists answer visitors (no 401), a
    // purchase refuses them and kids.
    const listData = doc.paths[siteCalls.findVideoListData].get as Operation;
    expect(Object.keys(listData.responses)).not.toContain('401');
    const buy = doc.paths[siteCalls.buildPaymentURLData].post as Operation;
    expect(buy.responses['401']!.$ref).toBe('#/components/responses/NotLoggedIn');
    expect(buy.responses['403']!.$ref).toBe('#/components/responses/CsrfRejectedOrKid');
    // The tracking pixel answers 204 with no body, as documented.
    const track = doc.paths[adCalls.track].get as Operation;
    expect(Object.keys(track.responses)).toContain('204');
    expect(Object.keys(track.responses)).not.toContain('200');
  });

  it('has a readable page at /docs', async () => {
    const res = await ctx.app.inject('/docs');
    const page = res.statusCode === 302 ? await ctx.app.inject(String(res.headers.location)) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string; $ref?: string }>;
}
