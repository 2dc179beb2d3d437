import { describe, expect, it } from 'vitest';
import { paths, returnToHere } from './paths';

describe('returnToHere', () => {
  it('is the current path and query', () => {
    expect(returnToHere({ pathname: '/LiveSimplePlayer/ch05', search: '?x=1' })).toBe(
      '/LiveSimplePlayer/ch05?x=1',
    );
  });
  it('is nothing on the home page', () => {
    expect(returnToHere({ pathname: '/', search: '' })).toBeUndefined();
  });
  it('passes on the returnTo of the login and sign-up pages instead of pointing at them', () => {
    expect(returnToHere({ pathname: '/login.do', search: '?returnTo=%2Fredeem' })).toBe('/redeem');
    expect(returnToHere({ pathname: '/goSignUpPage.do', search: '' })).toBeUndefined();
  });
  it('never points back at the password-reset pages (their link is spent once used)', () => {
    expect(returnToHere({ pathname: '/reset-password', search: '?token=abc' })).toBeUndefined();
    expect(returnToHere({ pathname: '/forgot-password', search: '' })).toBeUndefined();
  });
});

describe('paths', () => {
  it('encodes returnTo into the login link', () => {
    expect(paths.login('/LiveSimplePlayer/ch05?x=1')).toBe(
      '/login.do?returnTo=%2FLiveSimplePlayer%2Fch05%3Fx%3D1',
    );
    expect(paths.login()).toBe('/login.do');
    expect(paths.subAccountSelect('/browse')).toBe(
      '/account/sub-accounts?select=1&returnTo=%2Fbrowse',
    );
  });
});
