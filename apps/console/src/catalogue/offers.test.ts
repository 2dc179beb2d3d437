import { describe, expect, it } from 'vitest';
import { priceOf, priceText } from './offers';

describe('priceOf', () => {
  it('takes whole NT$ 1–100,000, with or without thousands commas', () => {
    expect(priceOf('250', false)).toEqual({ price: 250 });
    expect(priceOf(' 1,200 ', false)).toEqual({ price: 1200 });
    expect(priceOf('100000', true)).toEqual({ price: 100_000 });
  });

  it('answers empty as no price, unless the title is sold that way', () => {
    expect(priceOf('', false)).toEqual({ price: null });
    expect(priceOf('  ', true).problem).toBe('這部影片的銷售方式需要價格');
  });

  it('names what is wrong', () => {
    expect(priceOf('1.5', false).problem).toBe('價格須為整數');
    expect(priceOf('-3', false).problem).toBe('價格須為整數');
    expect(priceOf('0', false).problem).toBe('價格至少為 1 元');
    expect(priceOf('100001', false).problem).toBe('價格最多為 100,000 元');
  });

  it('shows none as an empty field', () => {
    expect(priceText(null)).toBe('');
    expect(priceText(60)).toBe('60');
  });
});
