import { consoleMediaCalls, type MediaJob } from '@site/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleCallError, call } from '../api/call';
import { Alert } from '../ui/Alert';
import { Dialog } from '../ui/Dialog';

export const JOBS_KEY = ['console', 'media', 'jobs'] as const;

/**
 * 取消 and its confirmation: a modal dialog (focus stays inside it and returns to 取消 when it
 * closes); the job and what it made so far are removed on the server.
 */
export function CancelJobButton({
  job,
  onCancelled,
}: {
  job: Pick<MediaJob, 'jobId' | 'sourceName'>;
  onCancelled?: (job: MediaJob) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const reply = await call(consoleMediaCalls.cancelJob, { jobId: job.jobId });
      setOpen(false);
      onCancelled?.(reply.job);
    } catch (error) {
      setFailure(
        error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。',
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['console', 'media', 'job', job.jobId] });
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--danger"
        aria-label={`取消 ${job.sourceName}`}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        取消
      </button>
      {open && (
        <Dialog title="取消轉檔工作" onClose={() => setOpen(false)}>
          <p>要取消「{job.sourceName}」的轉檔嗎？已轉好的部分會被刪除，無法復原。</p>
          {failure && <Alert>{failure}</Alert>}
          <div className="actions">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? '取消中…' : '確定取消'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              不要取消
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
