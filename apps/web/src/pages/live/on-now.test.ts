import { describe, expect, it } from 'vitest';
import type { ProgramSchedule } from '@site/contract';
import { onNowRow } from './on-now';

const schedule: ProgramSchedule = {
  '2026-11-25': {
    week: '週三',
    programList: [
      { startTime: '20:00', programName: '晚間新聞' },
      { startTime: '23:00', programName: '深夜電影' },
    ],
  },
  '2026-11-26': {
    week: '週四',
    programList: [
      { startTime: '06:00', programName: '早安台灣' },
      { startTime: '09:00', programName: '生活旅遊' },
    ],
  },
};

/** An instant by its Taipei wall-clock time (UTC+8). */
const taipei = (iso: string) => Date.parse(`${iso}+08:00`);

describe('onNowRow', () => {
  it('marks the programme on air by its date tab and start time', () => {
    expect(onNowRow(schedule, taipei('2026-11-26T07:30:00'))).toEqual({
      date: '2026-11-26',
      startTime: '06:00',
    });
    expect(onNowRow(schedule, taipei('2026-11-26T09:00:00'))).toEqual({
      date: '2026-11-26',
      startTime: '09:00',
    });
  });

  it("after midnight, last night's programme is still on (on yesterday's tab)", () => {
    expect(onNowRow(schedule, taipei('2026-11-26T02:00:00'))).toEqual({
      date: '2026-11-25',
      startTime: '23:00',
    });
  });

  it('before the first programme nothing is on', () => {
    expect(onNowRow(schedule, taipei('2026-11-25T19:59:00'))).toBeNull();
    expect(onNowRow({}, Date.now())).toBeNull();
  });
});
