import { errorEnvelopeSchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

/** Every error path answers in the envelope, in zh-TW, with a fitting status and no stack. */
describe('error envelope', () => {
  const ctx = useTestApp({
    seed: true,
    extend(app) {
      app.get('/ajax/ajaxTestBug.do', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
      app.post('/ajax/ajaxTestEcho.do', async (request) => ({ got: request.body }));
    },
  });

  function expectEnvelope(body: string, code: string) {
    const parsed = errorEnvelopeSchema.parse(JSON.parse(body));
    expect(parsed.status.code).toBe(code);
    expect(parsed.status.message).toMatch(/[\u4e00-\u9fff]/);
    expect(body).not.toMatch(/at .+\.ts:\d+|stack|secret internal detail/i);
    return parsed;
  }

  it('a validation failure is 400 BAD_INPUT naming the field', async () => {
    const res = await ctx.app.inject(
      '/ajax/ajaxFilterCategoryVideoListData.do?maxRecord=abc&sellType=GIFT',
    );
    expect(res.statusCode).toBe(400);
    const body = expectEnvelope(res.body, 'BAD_INPUT');
    expect(body.data.fields?.map((f) => f.name).sort()).toEqual(['maxRecord', 'sellType']);
  });

  it.each([
    ['-1', 'startIndex'],
    ['1e400', 'startIndex'],
    ['0', 'maxRecord'],
    ['101', 'maxRecord'],
  ])('out-of-range paging %s for %s is 400', async (value, name) => {
    const res = await ctx.app.inject(`/ajax/ajaxFilterCategoryVideoListData.do?${name}=${value}`);
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 'BAD_INPUT');
  });

  it('an unknown route is 404 ROUTE_NOT_FOUND', async () => {
    const res = await ctx.app.inject('/ajax/ajaxNoSuchCall.do');
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.body, 'ROUTE_NOT_FOUND');
  });

  it('an unknown id is 404 NOT_FOUND', async () => {
    const res = await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=NOPE404');
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.body, 'NOT_FOUND');
  });

  it('a thrown bug is 500 INTERNAL without its message or stack', async () => {
    const res = await ctx.app.inject('/ajax/ajaxTestBug.do');
    expect(res.statusCode).toBe(500);
    expectEnvelope(res.body, 'INTERNAL');
  });

  it('a wrong method is 405', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/ajax/ajaxFindChannelGroupList.do' });
    expect(res.statusCode).toBe(405);
    expectEnvelope(res.body, 'METHOD_NOT_ALLOWED');
  });

  it('malformed JSON is 400, an oversized body 413, an unknown body type 415', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/ajax/ajaxTestEcho.do',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expectEnvelope(broken.body, 'BAD_INPUT');

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/ajax/ajaxTestEcho.do',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(100 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expectEnvelope(huge.body, 'PAYLOAD_TOO_LARGE');

    const odd = await ctx.app.inject({
      method: 'POST',
      url: '/ajax/ajaxTestEcho.do',
      headers: { 'content-type': 'application/x-odd' },
      payload: 'x',
    });
    expect(odd.statusCode).toBe(415);
    expectEnvelope(odd.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a 10 KB parameter or a malformed URL never reaches a 5xx', async () => {
    const long = await ctx.app.inject(
      `/ajax/ajaxFindMainCategoryMenu3.do?mainCategoryId=${'x'.repeat(10_000)}`,
    );
    expect(long.statusCode).toBe(400);
    const badUrl = await ctx.app.inject(
      '/ajax/ajaxFindMainCategoryMenu3.do?mainCategoryId=%E0%A4%A',
    );
    expect(badUrl.statusCode).toBeLessThan(500);
  });
});
