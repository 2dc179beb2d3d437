import { describe, expect, it } from 'vitest';
import type { ProgramSchedule } from '@site/contract';
import { dateTabs, nextRefreshIn, nowAndNext, taipeiParts } from './schedule';

const schedule: ProgramSchedule = {
  '2026-11-25': {
    week: '週三',
    programList: [
      { startTime: '00:00', programName: '午夜新聞' },
      { startTime: '01:00', programName: '深夜劇場' },
    ],
  },
  '2026-11-24': {
    week: '週二',
    programList: [
      { startTime: '22:00', programName: '晚間新聞' },
      { startTime: '23:30', programName: '跨夜談話' },
    ],
  },
};

/** A Taipei wall-clock time as an instant (Taipei is UTC+8 all year). */
const taipei = (iso: string) => Date.parse(`${iso}+08:00`);

describe('programme tabs and now/next in Asia/Taipei', () => {
  it('makes one tab per date, earliest first, labelled date + weekday', () => {
    expect(dateTabs(schedule).map((tab) => tab.label)).toEqual(['11/24 週二', '11/25 週三']);
    expect(dateTabs({})).toEqual([]);
  });

  it('reads Taipei dates whatever the instant in UTC', () => {
    // 16:30 UTC is 00:30 the next day in Taipei.
    expect(taipeiParts(Date.parse('2026-11-24T16:30:00Z'))).toEqual({
      date: '2026-11-25',
      time: '00:30',
    });
  });

  it('carries now and next across midnight', () => {
    expect(nowAndNext(schedule, taipei('2026-11-24T23:59:00'))).toEqual({
      now: { startTime: '23:30', programName: '跨夜談話' },
      next: { startTime: '00:00', programName: '午夜新聞' },
    });
    expect(nowAndNext(schedule, taipei('2026-11-25T00:00:00'))).toEqual({
      now: { startTime: '00:00', programName: '午夜新聞' },
      next: { startTime: '01:00', programName: '深夜劇場' },
    });
    expect(nowAndNext(schedule, taipei('2026-11-24T21:00:00')).now).toBeUndefined();
    expect(nowAndNext(schedule, taipei('2026-11-25T03:00:00')).next).toBeUndefined();
    expect(nowAndNext({}, Date.now())).toEqual({ now: undefined, next: undefined });
  });

  it('asks again just after the earliest programme ends, at most every ten minutes', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(nextRefreshIn(['2026-11-24T12:05:00Z', '2026-11-24T12:02:00Z'], now)).toBe(121_000);
    expect(nextRefreshIn(['', '2026-11-24T11:00:00Z'], now)).toBe(600_000);
    expect(nextRefreshIn(['2026-11-24T15:00:00Z'], now)).toBe(600_000);
  });
});
