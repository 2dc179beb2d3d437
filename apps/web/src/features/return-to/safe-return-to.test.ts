import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return-to';

describe('safeReturnTo', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeReturnTo('/LiveSimplePlayer/ch05?x=1')).toBe('/LiveSimplePlayer/ch05?x=1');
    expect(safeReturnTo('/account/sub-accounts')).toBe('/account/sub-accounts');
  });
  it('goes home without a returnTo', () => {
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
  });
  it('refuses other sites and tricks', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'relative/path',
      '/with space',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(bad), bad).toBe('/');
    }
  });
  it('does not loop back to the login or sign-up page', () => {
    expect(safeReturnTo('/login.do?returnTo=%2F')).toBe('/');
    expect(safeReturnTo('/goSignUpPage.do')).toBe('/');
    expect(safeReturnTo('/reset-password?token=x')).toBe('/');
    expect(safeReturnTo('/forgot-password')).toBe('/');
  });
});
