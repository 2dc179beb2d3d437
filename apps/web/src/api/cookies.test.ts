import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others, whatever the spacing', () => {
    expect(readCookie('a=1; csrf=tok_123; b=2', 'csrf')).toBe('tok_123');
    expect(readCookie('csrf=first;b=2', 'csrf')).toBe('first');
    expect(readCookie('a=1;   csrf=last', 'csrf')).toBe('last');
  });
  it('is undefined when absent or empty-named', () => {
    expect(readCookie('', 'csrf')).toBeUndefined();
    expect(readCookie('xcsrf=1; csrfx=2', 'csrf')).toBeUndefined();
    expect(readCookie('novalue; =x', 'csrf')).toBeUndefined();
  });
  it('keeps "=" inside the value, decodes it and drops surrounding quotes', () => {
    expect(readCookie('csrf=ab==', 'csrf')).toBe('ab==');
    expect(readCookie('csrf=a%2Bb%3D', 'csrf')).toBe('a+b=');
    expect(readCookie('csrf="quoted"', 'csrf')).toBe('quoted');
  });
  it('returns a malformed escape as it is', () => {
    expect(readCookie('csrf=%E0%A4%A', 'csrf')).toBe('%E0%A4%A');
  });
  it('reads an empty value as empty', () => {
    expect(readCookie('csrf=; a=1', 'csrf')).toBe('');
  });
});
