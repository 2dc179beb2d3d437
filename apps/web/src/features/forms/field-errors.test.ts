import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { fieldErrors, formError } from './field-errors';

describe('fieldErrors', () => {
  it('shows zh-TW problems as they are', () => {
    const error = new ApiError('BAD_INPUT', '輸入的資料格式不正確', 400, [
      { name: 'password', problem: '密碼至少需要 8 個字元。' },
      { name: 'password', problem: '密碼需包含數字。' },
    ]);
    expect(fieldErrors(error)).toEqual({ password: '密碼至少需要 8 個字元。' });
  });
  it('explains a coded problem with the reply message', () => {
    const error = new ApiError('CONFLICT', '這個帳號已經註冊過了，請直接登入。', 409, [
      { name: 'loginId', problem: 'taken' },
    ]);
    expect(fieldErrors(error)).toEqual({ loginId: '這個帳號已經註冊過了，請直接登入。' });
  });
  it('is empty for other errors', () => {
    expect(fieldErrors(new Error('x'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});

describe('formError', () => {
  it('uses the server message, else the fallback', () => {
    expect(formError(new ApiError('NOT_LOGGED_IN', '帳號或密碼錯誤', 401), 'x')).toBe(
      '帳號或密碼錯誤',
    );
    expect(formError(new TypeError('boom'), '失敗')).toBe('失敗');
    expect(formError(null, '失敗')).toBeUndefined();
  });
});
