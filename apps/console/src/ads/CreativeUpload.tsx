import { AD_CREATIVE_MAX_SECONDS, AD_UPLOAD_PATH } from '@site/contract/console';
import { useEffect, useId, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { csrfToken } from '../api/call';
import { envelopeMessage, formatPercent, uploadFraction } from '../media/labels';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import { creativeUploadSchema } from './campaign-form';

const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'done'; name: string }
  | { kind: 'refused'; message: string };

function failureMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  return (
    envelopeMessage(response?.getBody()) ??
    (response?.getStatus()
      ? `上傳失敗（伺服器回應 ${response.getStatus()}），請再試一次。`
      : '上傳失敗：無法連線到伺服器，請檢查網路後再試。')
  );
}

/**
 * 上傳廣告素材: the file with its name, advertiser and click-through, sent resumably (tus) to
 * AD_UPLOAD_PATH. The fields are checked before a byte goes; the server probes the file (not
 * video: its zh-TW reason shown here) and queues its transcode; the list shows it 轉檔中.
 */
export function CreativeUpload({ onQueued }: { onQueued: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState({ adTitle: '', advertiser: '', clickThrough: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const upload = useRef<Upload | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = () => {
    const parsed = creativeUploadSchema.safeParse(fields);
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    if (!file) found.file = '請選擇影片檔';
    setProblems(found);
    if (!parsed.success || !file) return;
    const name = file.name;
    const tus = new Upload(file, {
      endpoint: AD_UPLOAD_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: name, ...parsed.data },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        request.setHeader('X-CSRF-Token', csrfToken());
        (request.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      },
      onProgress: (sent, total) =>
        setPhase({ kind: 'uploading', fraction: uploadFraction(sent, total) }),
      onSuccess: () => {
        upload.current = null;
        setPhase({ kind: 'done', name });
        setFile(null);
        setFields({ adTitle: '', advertiser: '', clickThrough: '' });
        if (fileRef.current) fileRef.current.value = '';
        onQueued();
      },
      onError: (error) => {
        upload.current = null;
        setPhase({ kind: 'refused', message: failureMessage(error) });
      },
    });
    upload.current = tus;
    setPhase({ kind: 'uploading', fraction: 0 });
    tus.start();
  };

  const text = (key: keyof typeof fields, label: string, hint?: string) => (
    <Field id={`${id}-${key}`} label={label} error={problems[key]} {...(hint ? { hint } : {})}>
      <input
        type={key === 'clickThrough' ? 'url' : 'text'}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
        {...describedBy(`${id}-${key}`, problems[key], Boolean(hint))}
      />
    </Field>
  );

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>上傳廣告素材</h2>
      <form
        className="form-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        {phase.kind === 'refused' && <Alert>{phase.message}</Alert>}
        {phase.kind === 'done' && (
          <p role="status" className="alert alert--info">
            已上傳「{phase.name}」，轉檔完成後即可加入廣告活動。
          </p>
        )}
        {text('adTitle', '廣告名稱')}
        {text('advertiser', '廣告主')}
        {text('clickThrough', '點擊網址（選填）', '須為 https:// 開頭的完整網址。')}
        <Field
          id={`${id}-file`}
          label="影片檔"
          hint={`最長 ${AD_CREATIVE_MAX_SECONDS} 秒；轉檔為 MP4，長度即為 VAST 的廣告長度。`}
          error={problems.file}
        >
          <input
            ref={fileRef}
            type="file"
            accept="video/*"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            {...describedBy(`${id}-file`, problems.file, true)}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="button" disabled={phase.kind === 'uploading'}>
            {phase.kind === 'uploading' ? `上傳中 ${formatPercent(phase.fraction)}` : '上傳'}
          </button>
        </div>
      </form>
    </section>
  );
}
