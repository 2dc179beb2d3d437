import { describe, expect, it } from 'vitest';
import type { CatchupProgram } from '@site/contract';
import {
  catchupDays,
  catchupRefreshIn,
  followingProgramme,
  onAirProgramme,
  openingDay,
  programmeDays,
  programParam,
  programmeMode,
  programmeStartAt,
  programmeClock,
  programmePath,
  programmeShareLink,
  wallClockText,
} from './catchup';

/** Unix seconds of a Taipei wall-clock time (UTC+8, no summer time). */
const taipei = (iso: string) => String(Date.parse(`${iso}+08:00`) / 1000);

const programme = (
  start: string,
  end: string,
  name: string,
  extra: Partial<CatchupProgram> = {},
): CatchupProgram => ({
  programStart: taipei(start),
  programEnd: taipei(end),
  programName: name,
  description: '',
  onAir: 'N',
  catchup: 'Y',
  catchupDesc: '',
  ...extra,
});

const list: CatchupProgram[] = [
  programme('2026-11-25T00:30', '2026-11-25T02:00', '深夜劇場', {
    catchup: 'N',
    catchupDesc: '本節目不提供回看。',
  }),
  programme('2026-11-24T23:00', '2026-11-25T00:30', '跨夜談話'),
  programme('2026-11-25T02:00', '2026-11-25T03:00', '午夜新聞', { onAir: 'Y' }),
  programme('2026-11-24T22:00', '2026-11-24T23:00', '晚間新聞'),
];

describe('catchupDays', () => {
  it('groups by Taipei day, oldest day and programme first, across midnight', () => {
    const days = catchupDays(list);
    expect(days.map((day) => day.date)).toEqual(['2026-11-24', '2026-11-25']);
    expect(days.map((day) => day.label)).toEqual(['11/24 週二', '11/25 週三']);
    expect(days[0]!.programmes.map((p) => p.programName)).toEqual(['晚間新聞', '跨夜談話']);
    expect(days[1]!.programmes.map((p) => p.programName)).toEqual(['深夜劇場', '午夜新聞']);
  });
  it('is empty for an empty window', () => {
    expect(catchupDays([])).toEqual([]);
  });
});

describe('programme times', () => {
  it('reads starts and wall-clock instants in Taipei, whatever the viewer’s zone', () => {
    expect(programmeClock(taipei('2026-11-25T00:30'))).toBe('00:30');
    expect(wallClockText(Date.parse('2026-11-24T16:05:09Z'))).toBe('00:05:09');
    expect(wallClockText(NaN)).toBe('');
  });
});

describe('the programme share link', () => {
  it('names the channel and the programme start', () => {
    expect(programmeShareLink('https://example.tw', 'ch01', '1764000000')).toBe(
      'https://example.tw/LiveChannel/ch01?program=1764000000',
    );
    expect(programmePath('ch 1', '1764000000')).toBe('/LiveChannel/ch%201?program=1764000000');
    expect(programmeShareLink('https://example.tw', '', '1764000000')).toBe('');
    expect(programmeShareLink('https://example.tw', 'ch01', '01')).toBe('');
  });
  it('reads only the contract’s spelling of a start from the address', () => {
    expect(programParam('1764000000')).toBe('1764000000');
    expect(programParam('0')).toBe('0');
    for (const bad of [null, undefined, '', '-5', '017', '1e9', '12.5', ' 12', '123456789012']) {
      expect(programParam(bad)).toBeNull();
    }
  });
});

describe('what follows a catch-up programme', () => {
  it('the next programme when playable, the one on air included', () => {
    expect(followingProgramme(list, taipei('2026-11-24T22:00'))?.programName).toBe('跨夜談話');
    expect(followingProgramme(list, taipei('2026-11-25T00:30'))?.programName).toBe('午夜新聞');
  });
  it('nothing (back to live) before a blackout, after the last, or for an unknown start', () => {
    expect(followingProgramme(list, taipei('2026-11-24T23:00'))).toBeUndefined();
    expect(followingProgramme(list, taipei('2026-11-25T02:00'))).toBeUndefined();
    expect(followingProgramme(list, '12345')).toBeUndefined();
  });
});

describe('catchupRefreshIn', () => {
  const onAir = onAirProgramme(list)!;
  const end = Number(onAir.programEnd) * 1000;
  it('asks again a second after the programme on air ends, capped', () => {
    expect(onAir.programName).toBe('午夜新聞');
    expect(catchupRefreshIn(list, end - 60_000)).toBe(61_000);
    expect(catchupRefreshIn(list, end - 3_600_000)).toBe(600_000);
    expect(catchupRefreshIn(list, end + 5)).toBe(600_000);
    expect(catchupRefreshIn(undefined, 0, 1234)).toBe(1234);
  });
});

describe('programmeDays', () => {
  const tabs = [
    {
      date: '2026-11-25',
      label: '11/25 週三',
      programmes: [
        { startTime: '02:00', programName: '午夜新聞' },
        { startTime: '03:00', programName: '晨間新聞' },
      ],
    },
  ];
  it('puts the window’s past days before the schedule’s, one row per programme', () => {
    const days = programmeDays(tabs, list);
    expect(days.map((day) => [day.date, day.scheduled])).toEqual([
      ['2026-11-24', false],
      ['2026-11-25', true],
    ]);
    expect(
      days[1]!.rows.map((row) => [row.startTime, row.programName, row.catchup?.catchup]),
    ).toEqual([
      ['00:30', '深夜劇場', 'N'],
      ['02:00', '午夜新聞', 'Y'],
      ['03:00', '晨間新聞', undefined],
    ]);
    expect(openingDay(days)).toBe(1);
  });
  it('opens on the newest day without a schedule, and on nothing without either', () => {
    expect(openingDay(programmeDays([], list))).toBe(1);
    expect(programmeDays([], [])).toEqual([]);
    expect(openingDay([])).toBe(0);
  });
});

describe('programmeStartAt', () => {
  const hour = { programStart: '1764000000', programEnd: '1764003600' };
  it('resumes where the member left, else from the start, and over again at the end', () => {
    expect(programmeStartAt(0, hour)).toBe(0);
    expect(programmeStartAt(754, hour)).toBe(754);
    expect(programmeStartAt(3589, hour)).toBe(3589);
    expect(programmeStartAt(3590, hour)).toBe(0);
    expect(programmeStartAt(3600, hour)).toBe(0);
    expect(programmeStartAt(NaN, hour)).toBe(0);
  });
});

describe('programmeMode', () => {
  it('offers programmes where the page’s player plays the channel', () => {
    expect(programmeMode(null, 'ch01', 'ready', 'play')).toEqual({ offers: true, plays: false });
    expect(programmeMode('1764000000', 'ch01', 'ready', 'play')).toEqual({
      offers: true,
      plays: true,
    });
  });
  it('plays a linked programme while the channel is asked for and when it is refused here', () => {
    expect(programmeMode('1764000000', 'ch01', 'switching', undefined).plays).toBe(true);
    expect(programmeMode('1764000000', 'ch08', 'ready', 'subscribe')).toEqual({
      offers: false,
      plays: true,
    });
    expect(programmeMode('1764000000', 'ch01', 'failed', undefined).plays).toBe(true);
  });
  it('not where the channel plays elsewhere, nor without a channel', () => {
    for (const kind of ['mobile', 'youtube', 'twitch', 'simplePlay']) {
      expect(programmeMode('1764000000', 'ch03', 'ready', kind)).toEqual({
        offers: false,
        plays: false,
      });
    }
    expect(programmeMode('1764000000', '', 'idle', undefined).plays).toBe(false);
  });
});
