import { t } from '../../i18n/zh-TW';
import { TAIPEI } from './schedule';

const format = new Intl.DateTimeFormat('zh-TW', {
  timeZone: TAIPEI,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * When a channel not yet on air opens, in Taipei time ('2026/12/2 週三 20:00 開播'), or '' when
 * the server sent no time or an unreadable one (issue 20 item 18).
 */
export function airStartNote(airStartAt: string | undefined): string {
  const at = airStartAt ? Date.parse(airStartAt) : NaN;
  if (!Number.isFinite(at)) return '';
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return t.live.airStartsAt(
    `${parts.year}/${parts.month}/${parts.day} ${parts.weekday} ${parts.hour}:${parts.minute}`,
  );
}
