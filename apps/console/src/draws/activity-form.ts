import {
  DRAW_PRIZES_MAX,
  DRAW_PRIZE_QUANTITY_MAX,
  drawEligibilitySchema,
  type ConsoleDrawActivity,
  type DrawActivityChange,
  type NewDrawActivity,
} from '@site/contract/console';
import { z } from 'zod';
import { taipeiLocalToUnix, unixToTaipeiLocal } from '../time';

/*
 * The activity form (新增 / 修改抽獎活動, issue 25 item 7; docs/adr/0049): the contract's fields as
 * typed (times as Taipei datetime-local, odds in percent, quantities as text). Once an activity
 * runs, its channel, start, odds and who may draw are shown but not sent as typed: the form keeps
 * the activity's own values, so a minute-rounded time can never read as a change the server
 * refuses. The server checks every rule again (its words are the same).
 */

export interface DrawFormPrize {
  /** An existing prize (''/absent: new). */
  prizeId?: string | undefined;
  name: string;
  quantity: string;
}

const whole = (text: string) => Number(text.trim().replaceAll(',', ''));

function quantityProblem(typed: string, won: number): string | null {
  const value = typed.trim().replaceAll(',', '');
  if (value === '') return '請輸入數量';
  if (!/^\d+$/.test(value)) return '數量須為整數';
  const n = Number(value);
  if (n < 1) return '數量至少為 1';
  if (n > DRAW_PRIZE_QUANTITY_MAX) {
    return `數量最多 ${DRAW_PRIZE_QUANTITY_MAX.toLocaleString('en-US')}`;
  }
  if (n < won) return `已抽出 ${won} 個，數量不可少於 ${won}`;
  return null;
}

/** A percent typed: 0 to 100 in steps of 0.1 (the contract's 0..1 in steps of 0.001). */
export function oddsProblem(typed: string): string | null {
  const value = typed.trim().replace(/%$/, '');
  if (value === '') return '請輸入中獎機率';
  if (!/^\d+(\.\d+)?$/.test(value)) return '中獎機率須為數字';
  const n = Number(value);
  if (n > 100) return '中獎機率須介於 0% 與 100% 之間';
  if (!/^\d+(\.\d)?$/.test(value)) return '中獎機率最小單位為 0.1%';
  return null;
}

/** The form's schema; `activity` (when editing) says what each prize has already given out. */
export function drawFormSchema(activity?: ConsoleDrawActivity) {
  const wonOf = (prizeId?: string) =>
    activity?.prizes.find((p) => p.prizeId === prizeId && prizeId !== undefined)?.won ?? 0;
  return z
    .object({
      title: z.string().trim().min(1, '請輸入活動名稱').max(40, '活動名稱最多 40 個字'),
      channelId: z.string().min(1, '請選擇頻道'),
      start: z.string().refine((v) => taipeiLocalToUnix(v) !== undefined, '請輸入開始時間'),
      end: z.string().refine((v) => taipeiLocalToUnix(v) !== undefined, '請輸入結束時間'),
      oddsPercent: z.string().superRefine((typed, ctx) => {
        const problem = oddsProblem(typed);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      eligibility: drawEligibilitySchema,
      prizes: z
        .array(
          z.object({
            prizeId: z.string().optional(),
            name: z.string().trim().min(1, '請輸入獎項名稱').max(40, '獎項名稱最多 40 個字'),
            quantity: z.string(),
          }),
        )
        .min(1, '請至少設定一個獎項')
        .max(DRAW_PRIZES_MAX, `最多 ${DRAW_PRIZES_MAX} 個獎項`),
    })
    .superRefine((form, ctx) => {
      const start = taipeiLocalToUnix(form.start);
      const end = taipeiLocalToUnix(form.end);
      if (start !== undefined && end !== undefined && end <= start) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: '結束時間須晚於開始時間' });
      }
      form.prizes.forEach((prize, i) => {
        const problem = quantityProblem(prize.quantity, wonOf(prize.prizeId));
        if (problem)
          ctx.addIssue({ code: 'custom', path: ['prizes', i, 'quantity'], message: problem });
      });
      const names = form.prizes.map((p) => p.name.trim());
      if (new Set(names).size !== names.length) {
        ctx.addIssue({ code: 'custom', path: ['prizes'], message: '獎項名稱不可重複' });
      }
    });
}
export type DrawForm = z.output<ReturnType<typeof drawFormSchema>>;

/** The form's starting values: the activity's, or a new one's (the next hour, one hour long). */
export function formValuesOf(activity: ConsoleDrawActivity | undefined, now: number): DrawForm {
  if (activity) {
    return {
      title: activity.title,
      channelId: activity.channelId,
      start: unixToTaipeiLocal(activity.startAt),
      end: unixToTaipeiLocal(activity.endAt),
      oddsPercent: String(Math.round(activity.odds * 1000) / 10),
      eligibility: activity.eligibility,
      prizes: activity.prizes.map((p) => ({
        prizeId: p.prizeId,
        name: p.name,
        quantity: String(p.quantity),
      })),
    };
  }
  const hour = now - (now % 3600) + 3600;
  return {
    title: '',
    channelId: '',
    start: unixToTaipeiLocal(hour),
    end: unixToTaipeiLocal(hour + 3600),
    oddsPercent: '10',
    eligibility: 'all',
    prizes: [{ name: '', quantity: '1' }],
  };
}

/** Whether a field may be changed in this state (a running activity keeps its terms). */
export function lockedWhileRunning(activity: ConsoleDrawActivity | undefined): boolean {
  return activity?.state === 'running';
}

/** What createActivity is sent. */
export function newActivityInput(form: DrawForm): NewDrawActivity {
  return {
    title: form.title.trim(),
    channelId: form.channelId,
    startAt: taipeiLocalToUnix(form.start)!,
    endAt: taipeiLocalToUnix(form.end)!,
    odds: Math.round(Number(form.oddsPercent.trim().replace(/%$/, '')) * 10) / 1000,
    eligibility: form.eligibility,
    prizes: form.prizes.map((p) => ({
      ...(p.prizeId ? { prizeId: p.prizeId } : {}),
      name: p.name.trim(),
      quantity: whole(p.quantity),
    })),
  };
}

/**
 * What changeActivity is sent: as typed, except what a running activity keeps (its own values),
 * and an end left as shown keeps its exact second (the field shows minutes).
 */
export function changeInput(form: DrawForm, activity: ConsoleDrawActivity): DrawActivityChange {
  const typed = newActivityInput(form);
  const endUnchanged = form.end === unixToTaipeiLocal(activity.endAt);
  const startUnchanged = form.start === unixToTaipeiLocal(activity.startAt);
  const running = lockedWhileRunning(activity);
  return {
    ...typed,
    channelId: running ? activity.channelId : typed.channelId,
    startAt: running || startUnchanged ? activity.startAt : typed.startAt,
    odds: running ? activity.odds : typed.odds,
    eligibility: running ? activity.eligibility : typed.eligibility,
    endAt: endUnchanged ? activity.endAt : typed.endAt,
    version: activity.version,
  };
}

/** The form's field for a server's field problem (the contract's name → the form's). */
export function formFieldOf(name: string): string {
  if (name === 'startAt') return 'start';
  if (name === 'endAt') return 'end';
  if (name === 'odds') return 'oddsPercent';
  return name;
}
