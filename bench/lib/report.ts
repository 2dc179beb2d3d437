import os from 'node:os';
import { evaluateTiming, timingCells, timingDetails, type TimingRow } from './timing-report.js';
import type {
  Benchmark,
  Comparison,
  Figure,
  LoadResult,
  Target,
  TimingComparison,
} from './types.js';

export interface MetricRow extends LoadResult {
  role: 'subject' | 'ceiling';
}

export interface Outcome {
  name: string;
  description: string;
  target: Target;
  status: 'ok' | 'crashed';
  error?: string;
  /** Subject req/s divided by ceiling req/s. */
  ratio?: number;
  /** true/false against the target; null when there is none or the run is not valid. */
  meetsTarget: boolean | null;
  verdict: string;
  rows: MetricRow[];
  /** Browser timings, for a benchmark that returns a TimingComparison (rows is then empty). */
  timings?: TimingRow[];
  figures?: Figure[];
  notes: string[];
  showThroughput: boolean;
  wallSec: number;
}

export interface Report {
  machine: {
    cpuModel: string;
    cores: number;
    node: string;
    platform: string;
    totalMemGB: number;
    loadAvgAtStart: number[];
  };
  date: string;
  quick: boolean;
  benchmarks: Outcome[];
}

export function machineInfo(): Report['machine'] {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    totalMemGB: Math.round(os.totalmem() / 2 ** 30),
    loadAvgAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

const percent = (n: number) => `${Math.round(n * 100)}%`;

export function evaluate(
  bench: Benchmark,
  result: Comparison | TimingComparison,
  wallSec: number,
): Outcome {
  if ('kind' in result && result.kind === 'timing') {
    return evaluateTiming(bench, result, base(bench, wallSec));
  }
  const c = result as Comparison;
  const ratio = c.subject.reqPerSec / c.ceiling.reqPerSec;
  const problems = [
    ...c.subject.problems.map((p) => `subject ${p}`),
    ...c.ceiling.problems.map((p) => `ceiling ${p}`),
  ];
  const { minRatio, maxP99Ms, minThroughput, maxCpuRatio } = bench.target;
  const misses: string[] = [];
  if (minRatio !== undefined && !(ratio >= minRatio)) {
    misses.push(`ratio ${percent(ratio)} < ${percent(minRatio)}`);
  }
  if (maxP99Ms !== undefined && !(c.subject.latencyMs.p99 <= maxP99Ms)) {
    misses.push(`p99 ${c.subject.latencyMs.p99} ms > ${maxP99Ms} ms`);
  }
  if (minThroughput !== undefined && !(c.subject.reqPerSec >= minThroughput)) {
    misses.push(`${int(c.subject.reqPerSec)} req/s < ${int(minThroughput)}`);
  }
  if (maxCpuRatio !== undefined) {
    const cpu = serverCpuRatio(c);
    if (cpu === undefined) misses.push('no server CPU figures (Linux /proc only)');
    else if (!(cpu <= maxCpuRatio)) {
      misses.push(`server CPU ${cpu.toFixed(2)}× the ceiling's > ${maxCpuRatio}×`);
    }
  }
  const hasTarget =
    minRatio !== undefined ||
    maxP99Ms !== undefined ||
    minThroughput !== undefined ||
    maxCpuRatio !== undefined;

  let verdict: string;
  let meetsTarget: boolean | null = null;
  if (problems.length > 0) verdict = `FLAGGED, figures not valid: ${problems.join('; ')}`;
  else if (!hasTarget) verdict = 'no target set';
  else {
    meetsTarget = misses.length === 0;
    verdict = meetsTarget
      ? `meets target (${targetText(bench.target)})`
      : `below target: ${misses.join('; ')}`;
  }

  return {
    ...base(bench, wallSec),
    status: 'ok',
    ratio,
    meetsTarget,
    verdict,
    rows: [
      { role: 'subject', ...c.subject },
      { role: 'ceiling', ...c.ceiling },
    ],
    notes: c.notes ?? [],
  };
}

/** Server CPU per subject request ÷ per ceiling request; undefined without both figures. */
export function serverCpuRatio(c: Comparison): number | undefined {
  const subject = c.subject.cpuUsPerRequest?.server;
  const ceiling = c.ceiling.cpuUsPerRequest?.server;
  return subject === undefined || !ceiling ? undefined : subject / ceiling;
}

export function crashed(bench: Benchmark, error: unknown, wallSec: number): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ...base(bench, wallSec),
    status: 'crashed',
    error: error instanceof Error ? (error.stack ?? message) : message,
    meetsTarget: null,
    verdict: `CRASHED: ${message.split('\n')[0]}`,
    rows: [],
    notes: [],
  };
}

function base(bench: Benchmark, wallSec: number) {
  return {
    name: bench.name,
    description: bench.description,
    target: bench.target,
    showThroughput: bench.showThroughput ?? false,
    wallSec: Math.round(wallSec * 10) / 10,
  };
}

function targetText(t: Target): string {
  const parts: string[] = [];
  if (t.minRatio !== undefined) parts.push(`≥ ${percent(t.minRatio)}`);
  if (t.maxP99Ms !== undefined) parts.push(`p99 ≤ ${t.maxP99Ms} ms`);
  if (t.minThroughput !== undefined) parts.push(`≥ ${int(t.minThroughput)} req/s`);
  if (t.maxCpuRatio !== undefined) parts.push(`server CPU ≤ ${t.maxCpuRatio}× the ceiling's`);
  return parts.join(', ');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

function figure(row: MetricRow | undefined, showThroughput: boolean): string {
  if (!row) return '—';
  const mb = showThroughput ? ` · ${(row.bytesPerSec / 1e6).toFixed(1)} MB/s` : '';
  return `${int(row.reqPerSec)} req/s${mb}`;
}

const ms = (row: MetricRow | undefined) => (row ? `${row.latencyMs.p99} ms` : '—');

export function markdown(report: Report): string {
  const m = report.machine;
  const lines = [
    `# Benchmarks${report.quick ? ' (quick smoke run: figures are indicative only)' : ''}`,
    '',
    `${report.date} · ${m.cpuModel} · ${m.cores} cores · Node ${m.node} · load avg at start ` +
      `${m.loadAvgAtStart.join(' ')}`,
    '',
    '| benchmark | subject | ceiling | ratio | p99 subject | p99 ceiling | verdict vs target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const o of report.benchmarks) {
    const subject = o.rows.find((r) => r.role === 'subject');
    const ceiling = o.rows.find((r) => r.role === 'ceiling');
    const timing = o.timings ? timingCells(o) : undefined;
    const cells = [
      o.name,
      timing?.subject ?? figure(subject, o.showThroughput),
      timing?.ceiling ?? figure(ceiling, o.showThroughput),
      o.ratio === undefined ? '—' : percent(o.ratio),
      timing?.tailS ?? ms(subject),
      timing?.tailC ?? ms(ceiling),
      o.verdict,
    ];
    lines.push(`| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`);
  }
  lines.push('');
  for (const o of report.benchmarks) {
    const rows = o.rows.map(
      (r) =>
        `${r.role} p50/p97.5/p99 ${r.latencyMs.p50}/${r.latencyMs.p97_5}/${r.latencyMs.p99} ms, ` +
        `${int(r.requests)} requests`,
    );
    const details =
      o.status === 'crashed' ? [o.verdict] : [...o.notes, ...timingDetails(o), ...rows];
    lines.push(`- **${o.name}** (${o.wallSec} s): ${details.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}
