import { describe, expect, it } from 'vitest';
import { ownerProofOf } from './owner-proof';

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
