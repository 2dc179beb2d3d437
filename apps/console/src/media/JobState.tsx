import type { MediaJob } from '@site/contract/console';
import { JOB_STATE_LABELS, formatPercent } from './labels';

/** A job's state in zh-TW, with a progress bar while it transcodes. */
export function JobState({ job }: { job: MediaJob }) {
  return (
    <span className="job-state">
      <span className={`badge badge--job-${job.state}`}>{JOB_STATE_LABELS[job.state]}</span>
      {job.state === 'running' && (
        <>
          <progress max={1} value={job.progress} aria-label={`${job.sourceName} 轉檔進度`} />
          <span>{formatPercent(job.progress)}</span>
        </>
      )}
    </span>
  );
}
