import { afterEach, describe, expect, it, vi } from 'vitest';
import { callRoutes, SUCCESS_CODE as contractSuccessCode } from '@site/contract';
import { ApiError, BAD_REPLY, CSRF_HEADER, SUCCESS_CODE, call, readEnvelope } from './client';
import { buildQuery } from './query-string';

describe('buildQuery', () => {
  it('is empty without params', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({ a: undefined, b: null, c: '' })).toBe('');
  });
  it('keeps order, stringifies and encodes values', () => {
    expect(buildQuery({ mainCategoryId: 'movie', startIndex: 0, q: '午夜 列車&x' })).toBe(
      '?mainCategoryId=movie&startIndex=0&q=%E5%8D%88%E5%A4%9C+%E5%88%97%E8%BB%8A%26x',
    );
  });
});

describe('readEnvelope', () => {
  it('uses the contract success code', () => {
    expect(SUCCESS_CODE).toBe(contractSuccessCode);
  });
  it('returns data on code 0', () => {
    expect(readEnvelope(200, { status: { code: '0', message: '' }, data: { a: 1 } })).toEqual({
      a: 1,
    });
  });
  it('throws the server code and zh-TW message', () => {
    const reply = { status: { code: 'FORBIDDEN', message: '需要租借' }, data: {} };
    expect(() => readEnvelope(403, reply)).toThrow(ApiError);
    try {
      readEnvelope(403, reply);
    } catch (error) {
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: '需要租借', httpStatus: 403 });
    }
  });
  it('carries the field problems of a refusal', () => {
    const reply = {
      status: { code: 'BAD_INPUT', message: '輸入的資料格式不正確' },
      data: { fields: [{ name: 'password', problem: '密碼至少需要 8 個字元。' }, { bad: 1 }] },
    };
    expect(() => readEnvelope(400, reply)).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        fields: [{ name: 'password', problem: '密碼至少需要 8 個字元。' }],
      }),
    );
  });
  it("keeps a refusal's data to act on (the streams of STREAM_LIMIT)", () => {
    const streams = [{ streamId: 'abcdefgh12', deviceName: 'Chrome（Windows）' }];
    const reply = {
      status: { code: 'STREAM_LIMIT', message: '同時播放的裝置已達上限' },
      data: { maxStreams: 3, streams },
    };
    expect(() => readEnvelope(409, reply)).toThrow(
      expect.objectContaining({ code: 'STREAM_LIMIT', data: { maxStreams: 3, streams } }),
    );
    expect(() => readEnvelope(403, { status: { code: 'FORBIDDEN', message: '' } })).toThrow(
      expect.objectContaining({ data: {} }),
    );
  });
  it('treats a reply without an envelope as a bad reply', () => {
    expect(() => readEnvelope(502, undefined)).toThrow(
      expect.objectContaining({ code: BAD_REPLY, httpStatus: 502 }),
    );
  });
  it('does not accept code 0 on an HTTP failure', () => {
    expect(() => readEnvelope(500, { status: { code: '0', message: '' }, data: {} })).toThrow(
      expect.objectContaining({ code: 'HTTP_500' }),
    );
  });
});

describe('call', () => {
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ status: { code: '0', message: '' }, data }), { status: 200 });

  afterEach(() => vi.unstubAllGlobals());

  it('sends a GET input as the query and answers the data', async () => {
    const fetch = vi.fn(async () => ok({ code: 'X', wording: 'w' }));
    vi.stubGlobal('fetch', fetch);
    const data = await call(callRoutes.findWording, { code: 'Live_Minutes_Wording' });
    expect(data).toEqual({ code: 'X', wording: 'w' });
    expect(fetch).toHaveBeenCalledWith(
      '/ajax/ajaxFindWording.do?code=Live_Minutes_Wording',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('sends a POST input as the JSON body with the CSRF header', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => ok({}));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'csrf=t0ken' });
    await call(callRoutes.unlockKidPin, { password: 'secret-1' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/ajax/ajaxUnlockKidPin.do');
    expect(init).toMatchObject({ method: 'POST', body: '{"password":"secret-1"}' });
    expect((init?.headers as Record<string, string>)[CSRF_HEADER]).toBe('t0ken');
  });
});
