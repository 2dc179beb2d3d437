import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { isKidPinLocked, ownerProofOf } from './owner-proof';

describe('ownerProofOf', () => {
  it('reads four to six digits as the kid PIN', () => {
    expect(ownerProofOf('1234')).toEqual({ ownerPin: '1234' });
    expect(ownerProofOf('123456')).toEqual({ ownerPin: '123456' });
  });
  it('reads anything else as the owner password', () => {
    expect(ownerProofOf('demo1234')).toEqual({ ownerPassword: 'demo1234' });
    expect(ownerProofOf('123')).toEqual({ ownerPassword: '123' });
    expect(ownerProofOf('1234567')).toEqual({ ownerPassword: '1234567' });
  });
});

describe('isKidPinLocked', () => {
  it('tells the lock from other refusals', () => {
    expect(isKidPinLocked(new ApiError('KID_PIN_LOCKED', '已暫停使用', 403))).toBe(true);
    expect(isKidPinLocked(new ApiError('FORBIDDEN', '密碼或 PIN 碼不正確。', 403))).toBe(false);
    expect(isKidPinLocked(new ApiError('TOO_MANY_REQUESTS', '請稍後再試', 429))).toBe(false);
    expect(isKidPinLocked(new Error('KID_PIN_LOCKED'))).toBe(false);
  });
});
