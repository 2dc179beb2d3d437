import { useEffect, useId, useRef, useState, type JSX } from 'react';
import type uPlot from 'uplot';
import { alignSeries, formatChartValue, taipeiDayLabel } from './series';

/** One line of a chart: its name, its unit and its points (Unix seconds, value or a gap). */
export interface TimeSeries {
  label: string;
  unit?: string;
  points: ReadonlyArray<readonly [epochSeconds: number, value: number | null]>;
}

const COLOURS = ['#0b5cad', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490'];
const TIME_ZONE = 'Asia/Taipei';

/** uPlot and its style, loaded the first time a chart is drawn (not in the first bundle). */
let library: Promise<typeof uPlot> | undefined;
function loadLibrary(): Promise<typeof uPlot> {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
  );
  return library;
}

/**
 * A time-series chart (issue 26 item 7, docs/adr/0054): uPlot, loaded lazily, on a Taipei time
 * axis, as wide as its container (375 px phones included). The picture is hidden from screen
 * readers; the same figures are a table, visually hidden until 「以表格顯示」 shows it.
 */
export function TimeSeriesChart(props: {
  title: string;
  series: readonly TimeSeries[];
  height?: number;
}): JSX.Element {
  const { title, series, height = 240 } = props;
  const holder = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const [failed, setFailed] = useState(false);
  const tableId = useId();
  const { xs, columns } = alignSeries(series);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    loadLibrary().then(
      (UPlot) => {
        if (gone) return;
        const options: uPlot.Options = {
          width: Math.max(200, element.clientWidth),
          height,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [{}, { size: 60 }],
          series: [
            { label: '日期' },
            ...series.map((s, i) => ({
              label: s.unit ? `${s.label}（${s.unit}）` : s.label,
              stroke: COLOURS[i % COLOURS.length],
              width: 2,
              points: { show: xs.length < 40 },
            })),
          ],
        };
        chart = new UPlot(options, [xs, ...columns] as uPlot.AlignedData, element);
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(200, element.clientWidth), height });
        });
        observer.observe(element);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // The figures as text: a new reply with the same figures draws nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(series), height]);

  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <div ref={holder} className="chart__plot" aria-hidden="true" style={{ minHeight: height }} />
      {failed && <p className="chart__note">圖表無法載入，請參考下方表格。</p>}
      <button
        type="button"
        className="button button--quiet chart__toggle"
        aria-expanded={asTable || failed}
        aria-controls={tableId}
        onClick={() => setAsTable((shown) => !shown)}
      >
        {asTable ? '隱藏表格' : '以表格顯示'}
      </button>
      <div id={tableId} className={asTable || failed ? 'table-wrap' : 'visually-hidden'}>
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">日期（台北）</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.unit ? `${s.label}（${s.unit}）` : s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x, row) => (
              <tr key={x}>
                <th scope="row">{taipeiDayLabel(x)}</th>
                {columns.map((column, i) => (
                  <td key={series[i]!.label} className="number">
                    {formatChartValue(column[row] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
