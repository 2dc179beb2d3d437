import { mediaJobStateSchema, type MediaJob } from '@site/contract/console';
import { formatTaipei } from '../time';

type JobState = MediaJob['state'];

/** zh-TW names of an ingest job's states. */
export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: '排隊中',
  running: '轉檔中',
  done: '完成',
  failed: '失敗',
  cancelled: '已取消',
};

export const JOB_STATES = Object.keys(JOB_STATE_LABELS) as JobState[];

/** A job that may still change by itself (the lists poll while one is shown), and be cancelled. */
export function isActive(state: JobState): boolean {
  return state === 'queued' || state === 'running';
}

/** 0..1 as a whole percentage, e.g. 0.427 → "43%" (clamped; not a number → "0%"). */
export function formatPercent(fraction: number): string {
  const value = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return `${Math.round(value * 100)}%`;
}

/** Uploaded bytes of a total as a percentage (0% for an empty total). */
export function uploadFraction(sent: number, total: number): number {
  return total > 0 ? Math.min(1, sent / total) : 0;
}

/** A byte count in the largest unit that keeps it at least 1, e.g. 8 MB, 1.5 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** Seconds of video as h:mm:ss or m:ss, e.g. 4.04 → "0:04", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A rendition's bandwidth in kbit/s, e.g. 2_800_000 → "2,800 kbps". */
export function formatBandwidth(bitsPerSecond: number): string {
  return `${Math.round(bitsPerSecond / 1000).toLocaleString('en-US')} kbps`;
}

/** How a finished job is named where one is chosen: its file name and when it was uploaded. */
export function jobChoiceLabel(job: Pick<MediaJob, 'sourceName' | 'createdAt'>): string {
  return `${job.sourceName}（${formatTaipei(job.createdAt)}）`;
}

/** The message in a refused tus reply's body (our envelope), or null when it has none. */
export function envelopeMessage(body: string | undefined | null): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { status?: { message?: unknown } };
    const message = parsed.status?.message;
    return typeof message === 'string' && message !== '' ? message : null;
  } catch {
    return null;
  }
}

/** The jobs list's state filter and page, read from the address (a bad value: none, page 1). */
export function jobsQueryFromSearch(search: URLSearchParams): {
  state: JobState | undefined;
  page: number;
} {
  const state = mediaJobStateSchema.safeParse(search.get('state'));
  const page = Number(search.get('page') ?? '1');
  return {
    state: state.success ? state.data : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
