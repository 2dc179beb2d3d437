import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../api/client';
import { loadErrorMessage } from './load-error';

describe('loadErrorMessage', () => {
  it("shows the server's zh-TW message, and the generic text for anything else", () => {
    expect(loadErrorMessage(new ApiError('NOT_FOUND', '查無此影片', 404))).toBe('查無此影片');
    expect(loadErrorMessage(new ApiError(NETWORK_ERROR, '資料載入失敗，請稍後再試。', 0))).toBe(
      '資料載入失敗，請稍後再試。',
    );
    expect(loadErrorMessage(new TypeError('Failed to fetch'))).toBe('資料載入失敗，請稍後再試。');
    expect(loadErrorMessage(undefined)).toBe('資料載入失敗，請稍後再試。');
  });
});
