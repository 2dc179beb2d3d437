import {
  VOUCHER_BATCH_KIND_LABELS,
  VOUCHER_CHANNEL_LABELS,
  consoleVoucherCalls,
  type VoucherBatch,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { call, ConsoleCallError } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { Dialog } from '../ui/Dialog';
import { downloadBatch } from '../vouchers/download';
import { BATCHES_KEY, FIGURE_LABELS, formatCount } from '../vouchers/labels';

const messageOf = (error: unknown) =>
  error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。';

/** One batch: what it grants, its figures, the export and the voids. */
export function VoucherBatchPage({ editable }: { editable: boolean }) {
  const { batchId = '' } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const queryClient = useQueryClient();
  const key = [...BATCHES_KEY, batchId];
  const batch = useQuery({
    queryKey: key,
    queryFn: async () => (await call(consoleVoucherCalls.getBatch, { batchId })).batch,
  });
  useEffect(() => {
    document.title = `${batch.data?.name ?? '序號批次'} — 營運後台`;
  }, [batch.data?.name]);
  const refresh = (next?: VoucherBatch) => {
    if (next) queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
  };

  if (batch.isPending) return <p aria-busy="true">載入中…</p>;
  if (batch.isError) {
    return (
      <>
        <h1>序號批次</h1>
        <Alert>{batch.error.message}</Alert>
        <Link to="/vouchers">回到序號批次</Link>
      </>
    );
  }
  const b = batch.data;
  return (
    <>
      <p>
        <Link to="/vouchers">← 序號批次</Link>
      </p>
      <h1>
        {b.name}（{b.batchId}）
      </h1>
      {created && (
        <Alert tone="info">
          已產生 {formatCount(b.quantity)} 組序號。請匯出序號檔交給銷售通路。
        </Alert>
      )}
      {b.voidedAt !== null && (
        <Alert tone="info">
          這批序號已於 {formatTaipei(b.voidedAt)} 整批作廢；作廢前已兌換的序號權益不受影響。
        </Alert>
      )}
      <dl className="facts">
        <dt>種類</dt>
        <dd>{VOUCHER_BATCH_KIND_LABELS[b.kind]}</dd>
        <dt>兌換內容</dt>
        <dd>{b.grants}</dd>
        <dt>兌換期限</dt>
        <dd>{formatTaipei(b.validUntil)}（台北時間）</dd>
        <dt>銷售通路</dt>
        <dd>{VOUCHER_CHANNEL_LABELS[b.channel]}</dd>
        <dt>建立</dt>
        <dd>
          {formatTaipei(b.createdAt)}，{b.createdBy}
        </dd>
      </dl>
      <h2>統計</h2>
      <table className="data-table">
        <caption className="visually-hidden">這批序號的統計</caption>
        <thead>
          <tr>
            {FIGURE_LABELS.map(([name, label]) => (
              <th key={name} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {FIGURE_LABELS.map(([name]) => (
              <td key={name} data-figure={name}>
                {formatCount(b.figures[name])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <ExportPanel batch={b} editable={editable} onExported={() => refresh()} />
      {editable && b.voidedAt === null && <VoidSerialForm batch={b} onVoided={refresh} />}
      {editable && b.voidedAt === null && <VoidBatchButton batch={b} onVoided={refresh} />}
    </>
  );
}

function ExportPanel({
  batch,
  editable,
  onExported,
}: {
  batch: VoucherBatch;
  editable: boolean;
  onExported: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const exported = batch.exportCount > 0;
  const run = async (reExport: boolean) => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const number = await downloadBatch(batch.batchId, reExport);
      setDone(
        number === 1
          ? '已匯出序號檔。'
          : `已重新匯出序號檔（第 ${number} 次匯出），這次匯出已記錄在稽核紀錄中。`,
      );
      onExported();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">匯出序號</h2>
      <p>
        {exported
          ? `這批序號已於 ${formatTaipei(batch.firstExportedAt)} 匯出` +
            (batch.exportCount > 1 ? `，之後又重新匯出 ${batch.exportCount - 1} 次。` : '。') +
            '再次匯出會以「重新匯出」記錄在稽核紀錄中。'
          : '序號檔（CSV）只應匯出一次，交給銷售通路後請妥善保管。'}
      </p>
      {failure && <Alert>{failure}</Alert>}
      {done && <Alert tone="info">{done}</Alert>}
      {editable && (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => (exported ? setConfirming(true) : void run(false))}
          >
            {busy ? '匯出中…' : exported ? '重新匯出序號…' : '匯出序號（CSV）'}
          </button>
        </div>
      )}
      {confirming && (
        <Dialog title="重新匯出序號" onClose={() => setConfirming(false)}>
          <p>
            這批序號已經匯出過 {batch.exportCount}{' '}
            次。重新匯出會產生另一份序號檔，並以「重新匯出」記錄您的名字與時間在稽核紀錄中。確定要重新匯出嗎？
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void run(true)}
            >
              確定重新匯出
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setConfirming(false)}
            >
              取消
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function VoidSerialForm({
  batch,
  onVoided,
}: {
  batch: VoucherBatch;
  onVoided: (next: VoucherBatch) => void;
}) {
  const [serial, setSerial] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    if (!serial.trim() || !reason.trim()) {
      setFailure('請輸入要作廢的序號與作廢原因。');
      return;
    }
    setBusy(true);
    try {
      const reply = await call(consoleVoucherCalls.voidSerial, {
        batchId: batch.batchId,
        serial,
        reason,
      });
      setDone(`已作廢序號 ${serial.trim().toUpperCase()}。`);
      setSerial('');
      setReason('');
      onVoided(reply.batch);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="void-serial-heading">
      <h2 id="void-serial-heading">作廢一組序號</h2>
      <p>作廢後這組序號無法再兌換；已兌換的序號無法作廢，權益不受影響。</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {failure && <Alert>{failure}</Alert>}
        {done && <Alert tone="info">{done}</Alert>}
        <div className="field">
          <label htmlFor="void-serial">序號</label>
          <input
            id="void-serial"
            type="text"
            autoComplete="off"
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="void-serial-reason">作廢原因</label>
          <input
            id="void-serial-reason"
            type="text"
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? '作廢中…' : '作廢這組序號'}
          </button>
        </div>
      </form>
    </section>
  );
}

function VoidBatchButton({
  batch,
  onVoided,
}: {
  batch: VoucherBatch;
  onVoided: (next: VoucherBatch) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFailure('請輸入作廢原因。');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const reply = await call(consoleVoucherCalls.voidBatch, { batchId: batch.batchId, reason });
      setOpen(false);
      onVoided(reply.batch);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="void-batch-heading">
      <h2 id="void-batch-heading">整批作廢</h2>
      <div className="actions">
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          整批作廢…
        </button>
      </div>
      {open && (
        <Dialog title="整批作廢序號" onClose={() => setOpen(false)}>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <p>
              這批還沒兌換的 {formatCount(batch.figures.open + batch.figures.expired)}{' '}
              組序號將全部作廢，無法復原；已兌換的 {formatCount(batch.figures.redeemed)}{' '}
              組權益不受影響。
            </p>
            {failure && <Alert>{failure}</Alert>}
            <div className="field">
              <label htmlFor="void-batch-reason">作廢原因</label>
              <input
                id="void-batch-reason"
                type="text"
                maxLength={200}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <div className="actions">
              <button type="submit" className="button button--danger" disabled={busy}>
                {busy ? '作廢中…' : '確定整批作廢'}
              </button>
              <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
                取消
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
