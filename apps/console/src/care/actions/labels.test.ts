import type { CareActionOrder } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { newActionId, parseAmount, refundBlock } from './labels';

const order = (extra: Partial<CareActionOrder>): CareActionOrder => ({
  orderId: 'O1',
  kind: 'rent',
  itemName: '片',
  amount: 100,
  payMethod: 'wallet',
  state: 'paid',
  refundReason: null,
  createdAt: 0,
  updatedAt: 0,
  watched: false,
  refundable: true,
  providerRefund: null,
  ...extra,
});

describe('care actions labels', () => {
  it('says why an order cannot be refunded', () => {
    expect(refundBlock(order({}), 1000)).toBeNull();
    expect(refundBlock(order({ state: 'refunded', refundable: false }), 1000)).toBe('已退款');
    expect(refundBlock(order({ refundable: false, watched: true }), 1000)).toMatch(/財務/);
    expect(refundBlock(order({ refundable: false, amount: 1200 }), 1000)).toBe(
      '超過 NT$1,000，須由財務人員退款',
    );
  });

  it('reads whole NT$ amounts only', () => {
    expect(parseAmount(' 1,200 ')).toBe(1200);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('12.5')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
  });

  it('makes action ids the contract accepts, a new one each time', () => {
    const a = newActionId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,40}$/);
    expect(newActionId()).not.toBe(a);
  });
});
