import {
  XMLTV_UPLOAD_MAX_CHARS,
  consoleScheduleCalls,
  type XmltvPreview,
} from '@site/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call, ConsoleCallError } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { SCHEDULE_KEY } from './SchedulePage';

type Applied = Awaited<ReturnType<typeof applyCall>>;
const applyCall = (input: { xml: string; token: string }) =>
  call(consoleScheduleCalls.applyXmltv, input);
const span = (p: { start: number; end: number }) =>
  `${formatTaipei(p.start)} – ${formatTaipei(p.end)}`;

/**
 * 匯入 XMLTV (issue 25 item 3): a file is previewed (added, replaced, cut, left out as aired, or
 * refused with its line numbers), then applied in one transaction by the code of
 * `npm run epg:import`. The apply carries the preview's token: a schedule changed since is refused.
 */
export function XmltvPage() {
  const client = useQueryClient();
  const [xml, setXml] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<XmltvPreview | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = '匯入 XMLTV — 營運後台';
  }, []);
  const failed = (error: unknown) =>
    setMessage(
      error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。',
    );

  async function read(file: File | undefined) {
    setPreview(null);
    setApplied(null);
    setMessage(null);
    if (!file) return;
    if (file.size > XMLTV_UPLOAD_MAX_CHARS) return setMessage('檔案太大（最多 8 MB）');
    const text = await file.text();
    setXml(text);
    setName(file.name);
    setBusy(true);
    try {
      setPreview(await call(consoleScheduleCalls.previewXmltv, { xml: text }));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!xml || !preview?.token) return;
    setBusy(true);
    setMessage(null);
    try {
      setApplied(await applyCall({ xml, token: preview.token }));
      setPreview(null);
      await client.invalidateQueries({ queryKey: SCHEDULE_KEY });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="xmltv-page">
      <p>
        <Link to="/schedule">← 節目排程</Link>
      </p>
      <h1>匯入 XMLTV</h1>
      <p>
        檔案中每個頻道的節目會取代該頻道在檔案涵蓋時段內的排程；已播出的時段不會變更。套用前請先確認預覽。
      </p>
      <div className="field">
        <label htmlFor="xmltv-file">XMLTV 檔案</label>
        <input
          id="xmltv-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          onChange={(e) => void read(e.target.files?.[0])}
        />
      </div>
      {busy && <p aria-live="polite">處理中…</p>}
      {message && <Alert>{message}</Alert>}
      {preview && preview.problems.length > 0 && (
        <Alert>
          <p>{name} 無法匯入，請修正以下問題：</p>
          <ul className="xmltv-problems">
            {preview.problems.map((p, i) => (
              <li key={i}>
                {p.line === null ? '' : `第 ${p.line} 行：`}
                {p.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {preview?.token && (
        <section aria-label="預覽">
          <h2>預覽：{name}</h2>
          {preview.channels.map((c) => (
            <div key={c.channelId} className="xmltv-channel">
              <h3>
                {c.channelId}：{span({ start: c.from, end: c.to })}
              </h3>
              <p>
                新增 {c.added.length}、取代 {c.replaced.length}、截短 {c.cut.length}
                {c.aired.length > 0 ? `、已播出略過 ${c.aired.length}` : ''}
              </p>
              <ul>
                {c.added.map((p, i) => (
                  <li key={`a${i}`}>
                    新增：{p.title}（{span(p)}
                    {p.line ? `，第 ${p.line} 行` : ''}）
                  </li>
                ))}
                {c.replaced.map((p, i) => (
                  <li key={`r${i}`}>
                    取代：{p.title}（{span(p)}）
                  </li>
                ))}
                {c.cut.map((p, i) => (
                  <li key={`c${i}`}>
                    截短：{p.title}（{span(p.was)} → {span(p)}）
                  </li>
                ))}
                {c.aired.map((p, i) => (
                  <li key={`x${i}`}>
                    已播出略過：{p.title}（{span(p)}）
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <button type="button" className="button" disabled={busy} onClick={() => void apply()}>
            套用
          </button>
        </section>
      )}
      {applied && (
        <Alert tone="info">
          已套用：
          {applied.channels
            .map((c) => `${c.channelId} 新增 ${c.inserted}、移除 ${c.removed}、截短 ${c.trimmed}`)
            .join('；')}
        </Alert>
      )}
    </div>
  );
}
