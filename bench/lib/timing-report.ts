import type { Outcome } from './report.js';
import type { Benchmark, Figure, TimingComparison, TimingResult } from './types.js';

/** A browser timing as the report keeps it. */
export interface TimingRow extends TimingResult {
  role: 'subject' | 'ceiling';
}

const percent = (n: number) => `${Math.round(n * 100)}%`;

function figureText(f: Figure): string {
  const limit =
    f.max !== undefined ? ` (≤ ${f.max} ${f.unit})` : f.min !== undefined ? ` (≥ ${f.min})` : '';
  return `${f.label} ${f.value} ${f.unit}${limit}`.replace(/ +(?=\s|$)/g, '');
}

/**
 * The verdict of a TimingComparison: subject p50 against maxP50Ms, ceiling ÷ subject against
 * minRatio, each figure against its max.
 */
export function evaluateTiming(
  bench: Benchmark,
  c: TimingComparison,
  base: Pick<Outcome, 'name' | 'description' | 'target' | 'showThroughput' | 'wallSec'>,
): Outcome {
  const ratio = c.ceiling.p50 / c.subject.p50;
  const figures = c.figures ?? [];
  const problems = [
    ...c.subject.problems.map((p) => `subject ${p}`),
    ...c.ceiling.problems.map((p) => `ceiling ${p}`),
  ];
  const { maxP50Ms, minRatio } = bench.target;
  const misses: string[] = [];
  const met: string[] = [];
  if (maxP50Ms !== undefined) {
    const text = `${c.subject.metric} p50 ${c.subject.p50} ms`;
    if (c.subject.p50 <= maxP50Ms) met.push(`${text} ≤ ${maxP50Ms} ms`);
    else misses.push(`${text} > ${maxP50Ms} ms`);
  }
  if (minRatio !== undefined) {
    if (ratio >= minRatio) met.push(`ratio ${percent(ratio)} ≥ ${percent(minRatio)}`);
    else misses.push(`ratio ${percent(ratio)} < ${percent(minRatio)}`);
  }
  for (const f of figures) {
    if (f.max !== undefined) {
      if (f.value <= f.max) met.push(`${f.label} ${f.value} ≤ ${f.max} ${f.unit}`);
      else misses.push(`${f.label} ${f.value} > ${f.max} ${f.unit}`);
    }
    if (f.min !== undefined) {
      if (f.value >= f.min) met.push(`${f.label} ${f.value} ≥ ${f.min}`);
      else misses.push(`${f.label} ${f.value} < ${f.min}`);
    }
  }
  const hasTarget = met.length + misses.length > 0;

  let verdict: string;
  let meetsTarget: boolean | null = null;
  if (problems.length > 0) verdict = `FLAGGED, figures not valid: ${problems.join('; ')}`;
  else if (!hasTarget) verdict = 'no target set';
  else {
    meetsTarget = misses.length === 0;
    verdict = meetsTarget
      ? `meets target (${met.join(', ')})`
      : `below target: ${misses.join('; ')}`;
  }
  return {
    ...base,
    status: 'ok',
    ratio,
    meetsTarget,
    verdict,
    rows: [],
    timings: [
      { role: 'subject', ...c.subject },
      { role: 'ceiling', ...c.ceiling },
    ],
    figures,
    notes: c.notes ?? [],
  };
}

/** Table cells (subject, ceiling, p95 subject, p95 ceiling) and detail lines of a timing outcome. */
export function timingCells(o: Outcome): {
  subject: string;
  ceiling: string;
  tailS: string;
  tailC: string;
} {
  const subject = o.timings?.find((r) => r.role === 'subject');
  const ceiling = o.timings?.find((r) => r.role === 'ceiling');
  const p50 = (r: TimingRow | undefined) => (r ? `${r.metric} p50 ${r.p50} ms` : '—');
  const p95 = (r: TimingRow | undefined) => (r ? `p95 ${r.p95} ms` : '—');
  return { subject: p50(subject), ceiling: p50(ceiling), tailS: p95(subject), tailC: p95(ceiling) };
}

export function timingDetails(o: Outcome): string[] {
  const runs = (o.timings ?? []).map(
    (r) =>
      `${r.role} ${r.metric} p50/p95 ${r.p50}/${r.p95} ms over ${r.samplesMs.length} runs ` +
      `(${r.samplesMs.join(', ')})`,
  );
  return [...(o.figures ?? []).map(figureText), ...runs];
}
