import {
  DRAW_ELIGIBILITY_LABELS,
  DRAW_STATE_LABELS,
  consoleDrawCalls,
  type ConsoleDrawActivity,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConsoleCallError, call } from '../api/call';
import { DrawForm } from '../draws/DrawForm';
import { DRAWS_KEY, downloadWinners } from '../draws/download';
import { formatCount, formatOdds } from '../draws/labels';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';

const messageOf = (error: unknown) =>
  error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。';

/** One activity: its terms and figures, its prize pool, the form to change it, the winners. */
export function DrawActivityPage({ editable }: { editable: boolean }) {
  const { activityId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(created ? '已建立抽獎活動。' : null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = [...DRAWS_KEY, activityId];
  const activity = useQuery({
    queryKey: key,
    queryFn: async () => (await call(consoleDrawCalls.getActivity, { activityId })).activity,
  });
  const channels = useQuery({
    queryKey: [...DRAWS_KEY, 'channels'],
    queryFn: async () =>
      (await call(consoleDrawCalls.listActivities, { page: 1, pageSize: 1 })).channels,
    enabled: editing,
  });
  useEffect(() => {
    document.title = `${activity.data?.title || '抽獎活動'} — 營運後台`;
  }, [activity.data?.title]);

  if (activity.isPending) return <p aria-busy="true">載入中…</p>;
  if (activity.isError) {
    return (
      <>
        <h1>抽獎活動</h1>
        <Alert>{activity.error.message}</Alert>
        <Link to="/draws">回到抽獎活動</Link>
      </>
    );
  }
  const a = activity.data;
  const saved = (next: ConsoleDrawActivity | null) => {
    setEditing(false);
    if (next) {
      queryClient.setQueryData(key, next);
      setNotice(`已儲存「${next.title}」。`);
    }
    void queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
  };
  const remove = async () => {
    setFailure(null);
    try {
      await call(consoleDrawCalls.deleteActivity, { activityId });
      await queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
      void navigate('/draws');
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  return (
    <>
      <p>
        <Link to="/draws">← 抽獎活動</Link>
      </p>
      <h1>{a.title || a.activityId}</h1>
      {notice && <Alert tone="info">{notice}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      <dl className="facts">
        <dt>狀態</dt>
        <dd>{DRAW_STATE_LABELS[a.state]}</dd>
        <dt>頻道</dt>
        <dd>
          {a.channelName}（{a.channelId}）
        </dd>
        <dt>期間（台北時間）</dt>
        <dd>
          {formatTaipei(a.startAt)} 至 {formatTaipei(a.endAt)}
        </dd>
        <dt>中獎機率</dt>
        <dd>{formatOdds(a.odds)}</dd>
        <dt>參加資格</dt>
        <dd>{DRAW_ELIGIBILITY_LABELS[a.eligibility]}</dd>
        <dt>參加人數／抽獎次數</dt>
        <dd>
          {formatCount(a.participants)}／{formatCount(a.draws)}
        </dd>
        <dt>獎項已送出／剩餘</dt>
        <dd>
          {formatCount(a.won)}／{formatCount(a.remaining)}
        </dd>
      </dl>
      <div className="table-wrap">
        <table className="data-table">
          <caption>獎項</caption>
          <thead>
            <tr>
              <th scope="col">獎項</th>
              <th scope="col">數量</th>
              <th scope="col">已送出</th>
              <th scope="col">剩餘</th>
            </tr>
          </thead>
          <tbody>
            {a.prizes.map((p) => (
              <tr key={p.prizeId}>
                <td>{p.name}</td>
                <td>{formatCount(p.quantity)}</td>
                <td>{formatCount(p.won)}</td>
                <td>{formatCount(p.remaining)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable && a.state === 'ended' && <p>活動已結束，只能查看。</p>}
      {editable && a.state !== 'ended' && !editing && (
        <div className="actions">
          <button type="button" className="button" onClick={() => setEditing(true)}>
            修改活動
          </button>
          {a.state === 'scheduled' && (
            <button type="button" className="button button--quiet" onClick={() => void remove()}>
              刪除活動
            </button>
          )}
        </div>
      )}
      {editing && (
        <section aria-labelledby="draw-editor">
          <h2 id="draw-editor">修改活動</h2>
          {channels.isPending ? (
            <p aria-busy="true">載入中…</p>
          ) : (
            <DrawForm
              key={`${a.activityId}-${a.version}`}
              activity={a}
              channels={channels.data ?? []}
              onDone={saved}
            />
          )}
        </section>
      )}
      <Winners activityId={a.activityId} />
    </>
  );
}

/** 中獎名單: who won what and when; contact as the role may see it; exported as CSV. */
function Winners({ activityId }: { activityId: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const winners = useQuery({
    queryKey: [...DRAWS_KEY, activityId, 'winners'],
    queryFn: () => call(consoleDrawCalls.listWinners, { activityId }),
  });
  const exportCsv = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await downloadWinners(activityId);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="draw-winners">
      <div className="page-head">
        <h2 id="draw-winners">中獎名單</h2>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => void exportCsv()}
        >
          匯出中獎名單（CSV）
        </button>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {winners.isError && <Alert>{winners.error.message}</Alert>}
      {winners.data && !winners.data.contactShown && (
        <p>聯絡資料已遮蔽：只有客服與系統管理員看得到完整的電子郵件與手機。</p>
      )}
      {winners.data && winners.data.winners.length === 0 ? (
        <p>目前還沒有人中獎。</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-busy={winners.isPending || undefined}>
            <caption className="visually-hidden">中獎名單（先中獎的在前）</caption>
            <thead>
              <tr>
                <th scope="col">中獎時間</th>
                <th scope="col">獎項</th>
                <th scope="col">會員帳號</th>
                <th scope="col">使用者</th>
                <th scope="col">電子郵件</th>
                <th scope="col">手機</th>
              </tr>
            </thead>
            <tbody>
              {(winners.data?.winners ?? []).map((w, i) => (
                <tr key={`${w.wonAt}-${i}`}>
                  <td>{formatTaipei(w.wonAt)}</td>
                  <td>{w.prizeName}</td>
                  <td>{w.member}</td>
                  <td>{w.nickname}</td>
                  <td>{w.email || '—'}</td>
                  <td>{w.phone || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
