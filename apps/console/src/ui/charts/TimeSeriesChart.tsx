import { useEffect, useId, useRef, useState, type JSX } from 'react';
import type uPlot from 'uplot';
import { formatTaipei } from '../../time';

export interface TimeSeries {
  label: string;
  unit?: string;
  points: ReadonlyArray<readonly [epochSeconds: number, value: number | null]>;
}

const COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989'];

/** The series on one time axis: every point's time, each series' value at it (null: none). */
function alignedData(series: readonly TimeSeries[]): [number[], ...(number | null)[][]] {
  const times = [...new Set(series.flatMap((s) => s.points.map(([t]) => t)))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    const byTime = new Map(s.points.map(([t, v]) => [t, v]));
    return times.map((t) => byTime.get(t) ?? null);
  });
  return [times, ...columns];
}

const shown = (value: number | null | undefined, unit?: string) =>
  value === null || value === undefined
    ? '—'
    : `${value.toLocaleString('zh-TW', { maximumFractionDigits: 3 })}${unit ? ` ${unit}` : ''}`;

/**
 * A time-series chart (uPlot, MIT, loaded only when a chart is first drawn, so the console's
 * first bundle does not carry it), with the times on a Taipei axis. The picture is for the eyes;
 * screen readers get the same figures as a table (visually hidden), named by the title.
 */
export function TimeSeriesChart(props: {
  title: string;
  series: readonly TimeSeries[];
  height?: number;
}): JSX.Element {
  const { title, series, height = 240 } = props;
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = Math.max(280, element.clientWidth);
        chart = new UPlot(
          {
            width,
            height,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Asia/Taipei'),
            series: [
              { label: '時間（台北）', value: (_u, v) => formatTaipei(v) },
              ...series.map((s, i) => ({
                label: s.unit ? `${s.label}（${s.unit}）` : s.label,
                stroke: COLOURS[i % COLOURS.length],
                width: 2,
                spanGaps: false,
              })),
            ],
            axes: [{}, { size: 60 }],
          },
          alignedData(series) as uPlot.AlignedData,
          element,
        );
        observer = new ResizeObserver(() =>
          chart?.setSize({ width: Math.max(280, element.clientWidth), height }),
        );
        observer.observe(element);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series, height]);

  const [times, ...columns] = alignedData(series);
  return (
    <figure className="time-series" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <div ref={holder} aria-hidden="true" style={{ minHeight: height }} />
      {failed && <p>圖表無法載入，請參考下方表格。</p>}
      <table className={failed ? undefined : 'visually-hidden'}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">時間（台北）</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.unit ? `${s.label}（${s.unit}）` : s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((t, row) => (
            <tr key={t}>
              <th scope="row">{formatTaipei(t)}</th>
              {columns.map((column, i) => (
                <td key={series[i]!.label}>{shown(column[row], series[i]!.unit)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
