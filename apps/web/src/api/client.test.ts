import { describe, expect, it } from 'vitest';
import { SUCCESS_CODE as contractSuccessCode } from '@site/contract';
import { ApiError, BAD_REPLY, SUCCESS_CODE, readEnvelope } from './client';
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
