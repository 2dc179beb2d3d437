import type { RedeemVoucherData, VoucherPreview } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  canRedeem,
  initialRedeemState,
  offeredTitle,
  redeemReducer,
  type RedeemState,
} from './steps';

const preview = (over: Partial<VoucherPreview> = {}): VoucherPreview => ({
  serialNumber: 'DEMOSTORE0001',
  kind: 'stored_value',
  validUntil: 2_082_729_599,
  title: null,
  choices: [],
  rental: null,
  service: null,
  amount: 500,
  creditDays: null,
  ...over,
});
const title = (contentId: string) => ({
  contentId,
  otherId: contentId,
  contentName: `片${contentId}`,
  posterUrl: '/media/x.jpg',
  held: null,
});
const result: RedeemVoucherData = {
  serialNumber: 'DEMOSTORE0001',
  kind: 'stored_value',
  redeemedAt: 1,
  rental: null,
  service: null,
  credit: { purse: 'stored', amount: 500, expiresAt: null },
  wallet: { stored: 500, credit: 0, creditLots: [] },
};
const run = (...events: Parameters<typeof redeemReducer>[1][]): RedeemState =>
  events.reduce(redeemReducer, initialRedeemState);

describe('redeem steps (docs/adr/0020)', () => {
  it('step0 → step1 → step2 → step0: enter, confirm, done, again', () => {
    const typed = run({ type: 'edit', serial: 'demo-store-0001' });
    expect(typed).toEqual({ step: 'step0', serial: 'demo-store-0001', fieldError: null });
    const confirming = redeemReducer(typed, { type: 'previewed', preview: preview() });
    expect(confirming).toMatchObject({ step: 'step1', serial: 'DEMOSTORE0001', contentId: null });
    expect(canRedeem(confirming)).toBe(true);
    const done = redeemReducer(confirming, { type: 'redeemed', result });
    expect(done).toEqual({ step: 'step2', serial: 'DEMOSTORE0001', result });
    expect(redeemReducer(done, { type: 'again' })).toEqual(initialRedeemState);
  });

  it('step0: a malformed serial stays on step0 with the problem under the field', () => {
    const state = run(
      { type: 'edit', serial: 'AB' },
      { type: 'failed', code: 'BAD_INPUT', message: '序號格式不正確', field: 'serialNumber' },
    );
    expect(state).toEqual({ step: 'step0', serial: 'AB', fieldError: '序號格式不正確' });
    // Typing again clears it.
    expect(redeemReducer(state, { type: 'edit', serial: 'ABCD' })).toMatchObject({
      fieldError: null,
    });
  });

  it('step0 → step4 on a refusal, and back to step0 with the serial kept', () => {
    const failed = run(
      { type: 'edit', serial: 'OLD1' },
      { type: 'failed', code: 'VOUCHER_EXPIRED', message: '視同放棄' },
    );
    expect(failed).toEqual({
      step: 'step4',
      serial: 'OLD1',
      code: 'VOUCHER_EXPIRED',
      message: '視同放棄',
    });
    expect(redeemReducer(failed, { type: 'back' })).toEqual({
      step: 'step0',
      serial: 'OLD1',
      fieldError: null,
    });
  });

  it('step1 → step4 when the redemption is refused (used, throttled)', () => {
    const state = run(
      { type: 'edit', serial: 'X1234' },
      { type: 'previewed', preview: preview({ serialNumber: 'X1234' }) },
      { type: 'failed', code: 'TOO_MANY_REQUESTS', message: '序號錯誤次數過多' },
    );
    expect(state).toMatchObject({ step: 'step4', serial: 'X1234', code: 'TOO_MANY_REQUESTS' });
  });

  it('step1 → step0 on back, serial kept', () => {
    const state = run(
      { type: 'edit', serial: 'X1234' },
      { type: 'previewed', preview: preview({ serialNumber: 'X1234' }) },
      { type: 'back' },
    );
    expect(state).toEqual({ step: 'step0', serial: 'X1234', fieldError: null });
  });

  it('step1 with a choice: nothing to send until a title is chosen; a choice refusal stays', () => {
    const offered = preview({
      kind: 'title',
      amount: null,
      choices: [title('M1'), title('M2')],
      rental: { startHours: 168, watchHours: 48 },
    });
    const confirming = run(
      { type: 'edit', serial: 'C1234' },
      { type: 'previewed', preview: offered },
    );
    expect(canRedeem(confirming)).toBe(false);
    const refused = redeemReducer(confirming, {
      type: 'failed',
      code: 'VOUCHER_CHOICE_REQUIRED',
      message: '請選擇',
    });
    expect(refused).toMatchObject({ step: 'step1', choiceError: '請選擇' });
    const chosen = redeemReducer(refused, { type: 'choose', contentId: 'M2' });
    expect(chosen).toMatchObject({ step: 'step1', contentId: 'M2', choiceError: null });
    expect(canRedeem(chosen)).toBe(true);
    // A single choice is preselected.
    const single = run(
      { type: 'edit', serial: 'C1234' },
      { type: 'previewed', preview: { ...offered, choices: [title('M9')] } },
    );
    expect(single).toMatchObject({ contentId: 'M9' });
  });

  it('step1 for a title already held: nothing to send (the serial is kept), other choices can be', () => {
    const rented = { kind: 'rent' as const, startBy: 2_000_000_000, expiresAt: null };
    const single = run(
      { type: 'edit', serial: 'DEMOTITLE0001' },
      {
        type: 'previewed',
        preview: preview({ kind: 'title', title: { ...title('M1'), held: rented } }),
      },
    );
    expect(offeredTitle(single)?.held).toEqual(rented);
    expect(canRedeem(single)).toBe(false);
    const choice = run(
      { type: 'edit', serial: 'C1234' },
      {
        type: 'previewed',
        preview: preview({
          kind: 'title',
          choices: [{ ...title('M1'), held: rented }, title('M2')],
        }),
      },
      { type: 'choose', contentId: 'M1' },
    );
    expect(canRedeem(choice)).toBe(false);
    expect(canRedeem(redeemReducer(choice, { type: 'choose', contentId: 'M2' }))).toBe(true);
  });

  it('ignores events that do not belong to the step', () => {
    const done = run(
      { type: 'edit', serial: 'X1234' },
      { type: 'previewed', preview: preview() },
      { type: 'redeemed', result },
    );
    for (const event of [
      { type: 'edit', serial: 'Y' },
      { type: 'previewed', preview: preview() },
      { type: 'failed', code: 'X', message: 'x' },
      { type: 'back' },
      { type: 'redeemed', result },
    ] as const) {
      expect(redeemReducer(done, event), event.type).toBe(done);
    }
    expect(redeemReducer(initialRedeemState, { type: 'redeemed', result })).toBe(
      initialRedeemState,
    );
    expect(redeemReducer(initialRedeemState, { type: 'again' })).toBe(initialRedeemState);
  });
});
