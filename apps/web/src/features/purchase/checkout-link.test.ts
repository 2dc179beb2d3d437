import { describe, expect, it } from 'vitest';
import { checkoutPath, checkoutResultPath, parseCheckout } from './checkout-link';

describe('checkout links', () => {
  it('round-trips each kind, with no price in the link', () => {
    for (const item of [
      { kind: 'rent', contentId: 'M0003' },
      { kind: 'buy', contentId: 'M0004' },
      { kind: 'subscribe', serviceId: 'SVC-1', contentId: 'S0002' },
      { kind: 'subscribe', serviceId: 'SVC-1' },
    ] as const) {
      const path = checkoutPath(item);
      expect(path).not.toMatch(/price|amount/);
      expect(parseCheckout(path.slice(path.indexOf('?')))).toEqual(item);
    }
  });

  it('refuses incomplete or malformed links', () => {
    for (const search of [
      '',
      '?kind=rent',
      '?kind=subscribe&contentId=M1',
      '?kind=gift&contentId=M1',
      '?kind=buy&contentId=../x',
      `?kind=rent&contentId=${'x'.repeat(41)}`,
    ]) {
      expect(parseCheckout(search), search).toBeNull();
    }
  });

  it('builds the result page link', () => {
    expect(checkoutResultPath('Oabc_-1')).toBe('/checkout/result?orderId=Oabc_-1');
  });
});
