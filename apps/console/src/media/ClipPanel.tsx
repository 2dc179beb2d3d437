import { consoleMediaCalls, type ConsoleTitle } from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call } from '../api/call';
import { Alert } from '../ui/Alert';
import { JOBS_KEY } from './CancelJob';
import { jobChoiceLabel } from './labels';

type Use = 'main' | 'trailer';

/**
 * 影片檔 on a title's page: its video and trailer clip ids, and (for editors) a finished
 * transcoding job chosen by file name and time, attached as 正片 or 預告片 on the version loaded.
 * A refusal (STALE_EDIT among them) goes to the page's own handling.
 */
export function ClipPanel({
  title,
  editable,
  busy,
  dirty,
  onBusy,
  onAttached,
  onRefused,
}: {
  title: ConsoleTitle;
  editable: boolean;
  busy: boolean;
  /** The form has unsaved changes: attaching reloads the title, so it waits. */
  dirty: boolean;
  onBusy: (busy: boolean) => void;
  onAttached: (text: string) => void;
  onRefused: (error: unknown) => void;
}) {
  const id = useId();
  const [jobId, setJobId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = useQuery({
    queryKey: [...JOBS_KEY, { state: 'done', page: 1, pageSize: 100 }],
    queryFn: () => call(consoleMediaCalls.listJobs, { state: 'done', page: 1, pageSize: 100 }),
    enabled: editable,
  });
  const choices = (done.data?.jobs ?? []).filter((job) => job.result);

  const attach = async (use: Use) => {
    if (!jobId) {
      setProblem('請先選擇轉檔完成的影片檔。');
      return;
    }
    setProblem(null);
    onBusy(true);
    try {
      const reply = await call(consoleMediaCalls.attachClip, {
        contentId: title.contentId,
        jobId,
        use,
        version: title.version,
      });
      onAttached(
        `已將影片檔 ${reply.clipId} 設為${use === 'main' ? '正片' : '預告片'}（版本 ${reply.version}）。`,
      );
    } catch (error) {
      onRefused(error);
    } finally {
      onBusy(false);
    }
  };

  return (
    <section className="panel media-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>影片檔</h2>
      <dl className="clip-facts">
        <dt>正片影片檔</dt>
        <dd data-testid="title-clip-id">{title.clipId || '（尚未設定）'}</dd>
        <dt>預告片影片檔</dt>
        <dd data-testid="title-trailer-clip-id">{title.trailerClipId ?? '（尚未設定）'}</dd>
      </dl>
      {editable && (
        <>
          {done.isError && <Alert>{done.error.message}</Alert>}
          <div className={problem ? 'field field--invalid' : 'field'}>
            <label htmlFor={`${id}-job`}>轉檔完成的影片檔</label>
            <select
              id={`${id}-job`}
              value={jobId}
              disabled={busy}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-job-error` : undefined}
              onChange={(event) => {
                setJobId(event.target.value);
                setProblem(null);
              }}
            >
              <option value="">
                {done.isPending ? '載入中…' : choices.length ? '請選擇' : '沒有轉檔完成的影片檔'}
              </option>
              {choices.map((job) => (
                <option key={job.jobId} value={job.jobId}>
                  {jobChoiceLabel(job)}
                </option>
              ))}
            </select>
            {problem && (
              <p className="field__error" id={`${id}-job-error`}>
                {problem}
              </p>
            )}
          </div>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy || dirty}
              onClick={() => void attach('main')}
            >
              用作正片
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || dirty}
              onClick={() => void attach('trailer')}
            >
              用作預告片
            </button>
            {dirty && <span className="hint">請先儲存或放棄修改，再設定影片檔。</span>}
          </div>
        </>
      )}
    </section>
  );
}
