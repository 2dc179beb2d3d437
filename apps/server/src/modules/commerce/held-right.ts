import type { HeldRight as HeldRightData } from '@site/contract';
import type { HeldRight } from './entitlements.js';

/** How a right already held travels: what it is, when to start by, when it ends. */
export function presentHeld(held: HeldRight): HeldRightData {
  return {
    kind: held.kind,
    startBy: held.kind === 'rent' ? held.startBy : null,
    expiresAt:
      held.kind === 'rent' ? held.expiresAt : held.kind === 'service' ? held.paidUntil : null,
  };
}

/** 'YYYY/MM/DD HH:mm' in Asia/Taipei (through Intl, DESIGN §7). */
const minute = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const at = (unixSeconds: number) => minute.format(new Date(unixSeconds * 1000));

/** Until when a right already held lets the member watch, in the words of a refusal. */
export function heldUntilText(held: HeldRight): string {
  switch (held.kind) {
    case 'buy':
      return '已購買，可永久觀看';
    case 'service':
      return `月租方案有效至 ${at(held.paidUntil)}`;
    case 'rent':
      return held.expiresAt === null
        ? `租借中，請於 ${at(held.startBy)} 前開始觀看`
        : `租借中，可觀看至 ${at(held.expiresAt)}`;
  }
}

/** A voucher for a title already held is refused before its serial is spent (issue 20 item 3). */
export function voucherHeldRefusal(held: HeldRight): string {
  return `您已經擁有這部影片的觀看權（${heldUntilText(held)}），這組序號沒有使用，可以留待日後兌換。`;
}
