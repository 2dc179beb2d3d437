import type { TimeSeries } from './TimeSeriesChart';

/**
 * The series on one shared time axis, as uPlot wants them: every moment any series has, in
 * order, and each series' value at it (null where it has none: a gap, not a zero).
 */
export function alignSeries(series: readonly TimeSeries[]): {
  xs: number[];
  columns: (number | null)[][];
} {
  const xs = [...new Set(series.flatMap((s) => s.points.map(([x]) => x)))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    const at = new Map(s.points.map(([x, y]) => [x, y]));
    return xs.map((x) => at.get(x) ?? null);
  });
  return { xs, columns };
}

const dayFormat = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the table names it: the Taipei date, and the time unless it is midnight. */
export function taipeiDayLabel(epochSeconds: number): string {
  const at = new Date(epochSeconds * 1000);
  const time = timeFormat.format(at);
  return time === '00:00' ? dayFormat.format(at) : `${dayFormat.format(at)} ${time}`;
}

const numberFormat = new Intl.NumberFormat('zh-TW', { maximumFractionDigits: 2 });

export function formatChartValue(value: number | null): string {
  return value === null ? '—' : numberFormat.format(value);
}
