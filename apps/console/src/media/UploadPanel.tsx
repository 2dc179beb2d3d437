import { MEDIA_UPLOAD_PATH } from '@site/contract/console';
import { useEffect, useId, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { csrfToken } from '../api/call';
import { Alert } from '../ui/Alert';
import { envelopeMessage, formatBytes, formatPercent, uploadFraction } from './labels';
import { SubtitleUploads } from './SubtitleUploads';
import { subtitleMetadataOf, type SubtitleDraft } from './subtitles';

/** Each PATCH carries at most this much, so a dropped connection loses at most one chunk. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each retry after a lost connection (tus asks the offset, then goes on). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number; paused: boolean }
  | { kind: 'done'; jobId: string; name: string }
  | { kind: 'refused'; message: string };

/** The message to show for a failed upload: the server's envelope when it answered one. */
function failureMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const fromServer = envelopeMessage(response?.getBody());
  if (fromServer) return fromServer;
  const status = response?.getStatus();
  if (status) return `上傳失敗（伺服器回應 ${status}），請再試一次。`;
  return '上傳失敗：無法連線到伺服器，請檢查網路後再試。';
}

/**
 * The resumable upload of a source video (tus, MEDIA_UPLOAD_PATH): chunks of 8 MB with the
 * console's cookies and CSRF proof; a dropped connection is retried and goes on from the last
 * byte the server holds; 暫停 / 繼續 stop and resume it. When the last byte arrives the server
 * probes the file: a refusal's zh-TW message is shown, a good file's job is queued.
 */
export function UploadPanel({ onQueued }: { onQueued: (jobId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [encrypt, setEncrypt] = useState(false);
  const [subtitles, setSubtitles] = useState<SubtitleDraft[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const upload = useRef<Upload | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const encryptId = useId();
  const progressId = useId();

  // Leaving the page stops sending (the server keeps what it has; a new start goes on from it).
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async () => {
    if (!file) return;
    const name = file.name;
    const tracks = subtitleMetadataOf(subtitles);
    if ('problem' in tracks) {
      setPhase({ kind: 'refused', message: tracks.problem });
      return;
    }
    const tus = new Upload(file, {
      endpoint: MEDIA_UPLOAD_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: {
        filename: name,
        encrypt: encrypt ? 'Y' : 'N',
        ...(tracks.value ? { subtitles: tracks.value } : {}),
      },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        // The CSRF proof is read at each request: it changes with the session.
        request.setHeader('X-CSRF-Token', csrfToken());
        const xhr = request.getUnderlyingObject() as XMLHttpRequest;
        xhr.withCredentials = true;
      },
      onProgress: (sent, total) =>
        setPhase((now) => ({
          kind: 'uploading',
          sent,
          total,
          paused: now.kind === 'uploading' && now.paused,
        })),
      onSuccess: ({ lastResponse }) => {
        upload.current = null;
        const jobId = lastResponse.getHeader('Upload-Job-Id') ?? '';
        setPhase({ kind: 'done', jobId, name });
        setFile(null);
        setSubtitles([]);
        if (inputRef.current) inputRef.current.value = '';
        onQueued(jobId);
      },
      onError: (error) => {
        upload.current = null;
        setPhase({ kind: 'refused', message: failureMessage(error) });
      },
    });
    upload.current = tus;
    setPhase({ kind: 'uploading', sent: 0, total: file.size, paused: false });
    // An upload of the same file that was cut off earlier (even before a reload) goes on.
    const previous = await tus.findPreviousUploads().catch(() => []);
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase((now) => (now.kind === 'uploading' ? { ...now, paused: true } : now));
  };
  const resume = () => {
    setPhase((now) => (now.kind === 'uploading' ? { ...now, paused: false } : now));
    upload.current?.start();
  };

  const uploading = phase.kind === 'uploading';
  return (
    <section className="panel media-panel" aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`}>上傳影片</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <div className="field">
          <label htmlFor={fileId}>影片原始檔</label>
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            accept="video/*,.mp4,.m4v,.mov,.mkv,.webm,.ts,.mts,.m2ts,.avi,.mxf,.mpg,.mpeg"
            disabled={uploading}
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              if (!uploading) setPhase({ kind: 'idle' });
            }}
          />
          <p className="field__hint" id={`${fileId}-hint`}>
            可上傳 mp4、mov、mkv、webm、ts 等影片檔；連線中斷時會自動從中斷處繼續。
          </p>
        </div>
        <div className="check">
          <input
            type="checkbox"
            id={encryptId}
            checked={encrypt}
            disabled={uploading}
            onChange={(event) => setEncrypt(event.target.checked)}
          />
          <label htmlFor={encryptId}>加密（付費影片）</label>
        </div>
        <SubtitleUploads value={subtitles} onChange={setSubtitles} disabled={uploading} />
        <div className="actions">
          <button type="submit" className="button" disabled={!file || uploading}>
            開始上傳
          </button>
          {uploading &&
            (phase.paused ? (
              <button type="button" className="button button--quiet" onClick={resume}>
                繼續
              </button>
            ) : (
              <button type="button" className="button button--quiet" onClick={pause}>
                暫停
              </button>
            ))}
        </div>
      </form>
      {uploading && (
        <div className="upload-progress">
          <label htmlFor={progressId}>
            {phase.paused ? '已暫停' : '上傳中'}：{file?.name}
          </label>
          <progress id={progressId} max={1} value={uploadFraction(phase.sent, phase.total)} />
          <span aria-live="polite">
            {formatPercent(uploadFraction(phase.sent, phase.total))}（{formatBytes(phase.sent)} /{' '}
            {formatBytes(phase.total)}）
          </span>
        </div>
      )}
      {phase.kind === 'done' && (
        <p role="status" className="alert alert--info">
          已上傳「{phase.name}」，轉檔工作已排入佇列。
        </p>
      )}
      {phase.kind === 'refused' && <Alert>{phase.message}</Alert>}
    </section>
  );
}
