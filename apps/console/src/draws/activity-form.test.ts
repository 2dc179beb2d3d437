import type { ConsoleDrawActivity } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import {
  changeInput,
  drawFormSchema,
  formFieldOf,
  formValuesOf,
  newActivityInput,
  oddsProblem,
} from './activity-form';

const base = {
  title: '跨年紅包',
  channelId: 'ch01',
  start: '2026-12-31T23:00',
  end: '2027-01-01T01:00',
  oddsPercent: '12.5',
  eligibility: 'all' as const,
  prizes: [
    { name: '頭獎', quantity: '1' },
    { name: '貳獎', quantity: '1,000' },
  ],
};

const running: ConsoleDrawActivity = {
  activityId: 'DRAW-x',
  title: '進行中',
  channelId: 'ch02',
  channelName: '頻道二',
  // Not on a minute: the form shows minutes only.
  startAt: 1_795_000_017,
  endAt: 1_795_003_617,
  odds: 0.25,
  eligibility: 'service',
  state: 'running',
  participants: 3,
  draws: 3,
  won: 3,
  remaining: 7,
  prizes: [{ prizeId: 'P1', name: '頭獎', quantity: 10, won: 3, remaining: 7 }],
  version: 4,
  createdBy: 'm@example.com',
};

const problems = (values: object, activity?: ConsoleDrawActivity) => {
  const result = drawFormSchema(activity).safeParse({ ...base, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the draw activity form', () => {
  it('turns what was typed into the contract input (Taipei times, percent odds, quantities)', () => {
    const form = drawFormSchema().parse(base);
    expect(newActivityInput(form)).toEqual({
      title: '跨年紅包',
      channelId: 'ch01',
      startAt: Date.parse('2026-12-31T23:00:00+08:00') / 1000,
      endAt: Date.parse('2027-01-01T01:00:00+08:00') / 1000,
      odds: 0.125,
      eligibility: 'all',
      prizes: [
        { name: '頭獎', quantity: 1 },
        { name: '貳獎', quantity: 1000 },
      ],
    });
  });

  it('refuses an end before the start, odds out of range or too fine, bad quantities, a repeated name', () => {
    expect(problems({ end: '2026-12-31T22:00' })).toEqual({ end: '結束時間須晚於開始時間' });
    expect(problems({ oddsPercent: '120' })).toEqual({
      oddsPercent: '中獎機率須介於 0% 與 100% 之間',
    });
    expect(problems({ oddsPercent: '0.05' })).toEqual({ oddsPercent: '中獎機率最小單位為 0.1%' });
    expect(problems({ oddsPercent: '-1' })).toEqual({ oddsPercent: '中獎機率須為數字' });
    expect(problems({ channelId: '' })).toEqual({ channelId: '請選擇頻道' });
    expect(problems({ prizes: [{ name: '頭獎', quantity: '0' }] })).toEqual({
      'prizes.0.quantity': '數量至少為 1',
    });
    expect(problems({ prizes: [{ name: '頭獎', quantity: '1.5' }] })).toEqual({
      'prizes.0.quantity': '數量須為整數',
    });
    expect(problems({ prizes: [] })).toEqual({ prizes: '請至少設定一個獎項' });
    expect(problems({ prizes: [base.prizes[0], base.prizes[0]] })).toEqual({
      prizes: '獎項名稱不可重複',
    });
    expect(oddsProblem('100')).toBeNull();
    expect(oddsProblem('0')).toBeNull();
  });

  it('a prize may not drop below what it has given out', () => {
    const values = formValuesOf(running, 0);
    expect(
      problems({ ...values, prizes: [{ prizeId: 'P1', name: '頭獎', quantity: '2' }] }, running),
    ).toEqual({ 'prizes.0.quantity': '已抽出 3 個，數量不可少於 3' });
    expect(
      problems({ ...values, prizes: [{ prizeId: 'P1', name: '頭獎', quantity: '3' }] }, running),
    ).toEqual({});
  });

  it('a running activity keeps its channel, start, odds and who may draw; an end left alone keeps its second', () => {
    const values = formValuesOf(running, 0);
    expect(values.oddsPercent).toBe('25');
    const typed = drawFormSchema(running).parse({
      ...values,
      channelId: 'ch09',
      oddsPercent: '90',
      eligibility: 'all',
    });
    expect(changeInput(typed, running)).toMatchObject({
      channelId: 'ch02',
      startAt: running.startAt,
      endAt: running.endAt,
      odds: 0.25,
      eligibility: 'service',
      version: 4,
      prizes: [{ prizeId: 'P1', name: '頭獎', quantity: 10 }],
    });
    const later = drawFormSchema(running).parse({ ...values, end: '2026-12-31T23:59' });
    expect(changeInput(later, running).endAt).toBe(Date.parse('2026-12-31T23:59:00+08:00') / 1000);
  });

  it('a new activity starts at the next full hour; server field names map to the form', () => {
    const now = Date.parse('2026-11-27T10:20:00+08:00') / 1000;
    expect(formValuesOf(undefined, now)).toMatchObject({
      start: '2026-11-27T11:00',
      end: '2026-11-27T12:00',
    });
    expect(['startAt', 'endAt', 'odds', 'prizes.1.quantity'].map(formFieldOf)).toEqual([
      'start',
      'end',
      'oddsPercent',
      'prizes.1.quantity',
    ]);
  });
});
