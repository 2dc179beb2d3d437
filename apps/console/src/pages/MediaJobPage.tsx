import { consoleMediaCalls } from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../api/call';
import { CancelJobButton } from '../media/CancelJob';
import { JobState } from '../media/JobState';
import { formatBandwidth, formatDuration, formatPercent, isActive } from '../media/labels';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';

/** One ingest job: its state, its result (renditions, duration, poster, clip id) and its log. */
export function MediaJobPage({ editable }: { editable: boolean }) {
  const { jobId = '' } = useParams();
  const job = useQuery({
    queryKey: ['console', 'media', 'job', jobId],
    queryFn: () => call(consoleMediaCalls.getJob, { jobId }),
    refetchInterval: (query) => {
      const state = query.state.data?.job.state;
      return state && isActive(state) ? 2000 : false;
    },
  });
  useEffect(() => {
    document.title = `${job.data?.job.sourceName ?? '轉檔工作'} — 營運後台`;
  }, [job.data?.job.sourceName]);

  if (job.isPending) return <p aria-busy="true">載入中…</p>;
  if (job.isError) {
    return (
      <>
        <h1>轉檔工作</h1>
        <Alert>{job.error.message}</Alert>
        <Link to="/media">回到媒體</Link>
      </>
    );
  }
  const { job: one, log } = job.data;
  const result = one.result;
  return (
    <>
      <p>
        <Link to="/media">← 媒體</Link>
      </p>
      <h1>{one.sourceName}</h1>
      <dl className="facts">
        <dt>狀態</dt>
        <dd>
          <JobState job={one} />
        </dd>
        <dt>工作編號</dt>
        <dd>{one.jobId}</dd>
        <dt>加密</dt>
        <dd>{one.encrypt ? '是（付費影片）' : '否'}</dd>
        <dt>佇列</dt>
        <dd>{one.lane === 'long' ? '長片' : '短片'}</dd>
        <dt>嘗試次數</dt>
        <dd>
          {one.attempts} / {one.maxAttempts}
        </dd>
        <dt>上傳者</dt>
        <dd>{one.createdBy || '—'}</dd>
        <dt>上傳時間</dt>
        <dd>{formatTaipei(one.createdAt)}</dd>
        <dt>最後更新</dt>
        <dd>{formatTaipei(one.updatedAt)}</dd>
        {one.state === 'running' && (
          <>
            <dt>進度</dt>
            <dd>{formatPercent(one.progress)}</dd>
          </>
        )}
      </dl>
      {one.error && <Alert>{one.error}</Alert>}
      {editable && isActive(one.state) && (
        <div className="actions">
          <CancelJobButton job={one} onCancelled={() => void job.refetch()} />
        </div>
      )}
      {result && (
        <section aria-labelledby="job-result">
          <h2 id="job-result">轉檔結果</h2>
          <dl className="facts">
            <dt>影片檔編號</dt>
            <dd data-testid="clip-id">{result.clipId}</dd>
            <dt>長度</dt>
            <dd>{formatDuration(result.durationSeconds)}</dd>
            <dt>加密</dt>
            <dd>{result.encrypted ? '是' : '否'}</dd>
          </dl>
          <table className="changes">
            <caption>畫質</caption>
            <thead>
              <tr>
                <th scope="col">解析度</th>
                <th scope="col">位元率</th>
              </tr>
            </thead>
            <tbody>
              {result.renditions.map((r) => (
                <tr key={`${r.width}x${r.height}`}>
                  <td>
                    {r.width} × {r.height}
                  </td>
                  <td>{formatBandwidth(r.bandwidth)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <figure className="poster">
            <img src={result.poster} alt={`${one.sourceName} 的海報畫面`} width={320} />
            <figcaption>海報畫面</figcaption>
          </figure>
        </section>
      )}
      <section aria-labelledby="job-log">
        <h2 id="job-log">紀錄</h2>
        {/* Focusable, so the log scrolls by keyboard too. */}
        <pre className="log" tabIndex={0} aria-labelledby="job-log">
          {log || '（尚無紀錄）'}
        </pre>
      </section>
    </>
  );
}
