import type { RedeemVoucherData, VoucherOfferTitle, VoucherPreview } from '@site/contract';

/**
 * The redeem screen's steps (SPEC §2 names them; docs/adr/0020 designs the transitions):
 *
 *   step0 enter a serial ──previewed──▶ step1 confirm what it grants (choose a title if offered)
 *     ▲  │ bad format: stays, error under the field      │ choice missing: stays, error shown
 *     │  └──refused──▶ step4 ◀──────────refused──────────┤
 *     │                 │ why, and the redeem terms       └──redeemed──▶ step2 done
 *     └──────back───────┘ (the serial kept to correct it)        │ again (an empty serial)
 *     ◀──────────────────────────────────────────────────────────┘
 *   step1 ──back──▶ step0 (serial kept)
 */
export type RedeemState =
  | { step: 'step0'; serial: string; fieldError: string | null }
  | {
      step: 'step1';
      serial: string;
      preview: VoucherPreview;
      contentId: string | null;
      choiceError: string | null;
    }
  | { step: 'step2'; serial: string; result: RedeemVoucherData }
  | { step: 'step4'; serial: string; code: string; message: string };

export type RedeemEvent =
  | { type: 'edit'; serial: string }
  | { type: 'previewed'; preview: VoucherPreview }
  | { type: 'choose'; contentId: string }
  | { type: 'redeemed'; result: RedeemVoucherData }
  | { type: 'failed'; code: string; message: string; field?: string | undefined }
  | { type: 'back' }
  | { type: 'again' };

export const initialRedeemState: RedeemState = { step: 'step0', serial: '', fieldError: null };

/** Refusals answered where the person is, rather than on the failure step. */
const SERIAL_FIELDS = new Set(['exchangeCode', 'serialNumber']);
const CHOICE_CODE = 'VOUCHER_CHOICE_REQUIRED';

export function redeemReducer(state: RedeemState, event: RedeemEvent): RedeemState {
  switch (event.type) {
    case 'edit':
      return state.step === 'step0'
        ? { step: 'step0', serial: event.serial, fieldError: null }
        : state;
    case 'previewed': {
      if (state.step !== 'step0') return state;
      const { preview } = event;
      // One choice is no choice: it is preselected.
      const only = preview.choices.length === 1 ? preview.choices[0]!.contentId : null;
      return {
        step: 'step1',
        serial: preview.serialNumber,
        preview,
        contentId: only,
        choiceError: null,
      };
    }
    case 'choose':
      return state.step === 'step1'
        ? { ...state, contentId: event.contentId, choiceError: null }
        : state;
    case 'redeemed':
      return state.step === 'step1'
        ? { step: 'step2', serial: state.serial, result: event.result }
        : state;
    case 'failed':
      if (state.step === 'step0' && event.field && SERIAL_FIELDS.has(event.field)) {
        return { ...state, fieldError: event.message };
      }
      if (state.step === 'step1' && event.code === CHOICE_CODE) {
        return { ...state, choiceError: event.message };
      }
      if (state.step !== 'step0' && state.step !== 'step1') return state;
      return { step: 'step4', serial: state.serial, code: event.code, message: event.message };
    case 'back':
      return state.step === 'step1' || state.step === 'step4'
        ? { step: 'step0', serial: state.serial, fieldError: null }
        : state;
    case 'again':
      return state.step === 'step2' ? initialRedeemState : state;
  }
}

/** The title step1 would grant: the voucher's own, or the one picked from its choices. */
export function offeredTitle(state: RedeemState): VoucherOfferTitle | null {
  if (state.step !== 'step1') return null;
  const { preview, contentId } = state;
  return preview.title ?? preview.choices.find((choice) => choice.contentId === contentId) ?? null;
}

/**
 * What step1 may send: a voucher with a choice needs one picked, and a title the account already
 * holds is not redeemed (the serial stays unspent for later; the server refuses it too).
 */
export function canRedeem(state: RedeemState): boolean {
  if (state.step !== 'step1') return false;
  if (state.preview.choices.length > 0 && state.contentId === null) return false;
  return !offeredTitle(state)?.held;
}
