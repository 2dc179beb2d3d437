import { t } from '../../i18n/zh-TW';

const two = (n: number) => String(n).padStart(2, '0');

/** A playback position as a clock: 0:07, 12:30, 1:02:03. */
export function formatPosition(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${m}:${two(rest)}`;
}

/** A running time in hours and minutes (SPEC §9), rounded to the nearest minute. */
export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '';
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return t.durations.underMinute;
  return t.durations.hoursMinutes(Math.floor(minutes / 60), minutes % 60);
}

const dateTime = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Unix seconds as a Taipei date and time: 2026/11/21 14:05. */
export function formatDateTime(unixSeconds: number): string {
  return dateTime.format(new Date(unixSeconds * 1000));
}
