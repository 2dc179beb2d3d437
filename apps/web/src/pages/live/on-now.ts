import type { ProgramSchedule } from '@site/contract';
import { nowAndNext } from './schedule';

/**
 * Which row of the programme list is on air at `nowMs`: its date tab ('YYYY-MM-DD', Taipei)
 * and start time, or null when nothing is (issue 20 item 18). The programme that began last
 * night is still on until today's first one starts, so its row is on yesterday's tab.
 */
export function onNowRow(
  schedule: ProgramSchedule,
  nowMs: number,
): { date: string; startTime: string } | null {
  const now = nowAndNext(schedule, nowMs).now;
  if (!now) return null;
  for (const [date, day] of Object.entries(schedule)) {
    if (day.programList.includes(now)) return { date, startTime: now.startTime };
  }
  return null;
}
