import { siteCalls } from '@site/contract';
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

  it('has a readable page at /docs', async () => {
    const res = await ctx.app.inject('/docs');
    const page = res.statusCode === 302 ? await ctx.app.inject(String(res.headers.location)) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
