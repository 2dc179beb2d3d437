import {
  consoleCareActionCalls,
  type CareActionEntitlement,
  type CareMoney,
} from '@site/contract/console';
import { useState } from 'react';
import { call } from '../../api/call';
import { formatTaipei, taipeiDayToUnix } from '../../time';
import { Field, describedBy } from '../../ui/form';
import { ActionDialog } from './ActionDialog';
import { newActionId } from './labels';

function rightState(e: CareActionEntitlement): string {
  if (e.kind === 'buy') return '永久';
  if (e.firstPlayedAt === null) return `未開始，${formatTaipei(e.startBy)} 前開始觀看`;
  return `觀看至 ${formatTaipei(e.expiresAt)}`;
}

/** The member's titles (extend a rental's clock), services, and the goodwill grant. */
export function RightsPanel({
  money,
  onDone,
}: {
  money: CareMoney;
  onDone: (outcome: string) => void;
}) {
  const [extending, setExtending] = useState<CareActionEntitlement | null>(null);
  const [granting, setGranting] = useState(false);
  const done = (outcome: string) => {
    setExtending(null);
    setGranting(false);
    onDone(outcome);
  };
  return (
    <section aria-labelledby="care-rights">
      <h2 id="care-rights">觀看權利</h2>
      {money.entitlements.length === 0 ? (
        <p>沒有租借或購買的影片。</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">會員的影片權利</caption>
          <thead>
            <tr>
              <th scope="col">影片</th>
              <th scope="col">種類</th>
              <th scope="col">期限</th>
              <th scope="col">來源</th>
              <th scope="col">動作</th>
            </tr>
          </thead>
          <tbody>
            {money.entitlements.map((e) => (
              <tr key={e.entitlementId}>
                <td data-label="影片">{e.name}</td>
                <td data-label="種類">{e.kind === 'rent' ? '租借' : '購買'}</td>
                <td data-label="期限">{rightState(e)}</td>
                <td data-label="來源">{e.source ?? '—'}</td>
                <td data-label="動作">
                  {e.kind === 'rent' ? (
                    <button
                      type="button"
                      className="button"
                      aria-label={`延長「${e.name}」的期限`}
                      onClick={() => setExtending(e)}
                    >
                      延長期限…
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>月租服務</h3>
      {money.subscriptions.length === 0 ? (
        <p>沒有月租服務。</p>
      ) : (
        <ul>
          {money.subscriptions.map((s) => (
            <li key={s.serviceId}>
              {s.name}：已付費至 {formatTaipei(s.paidUntil)}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={() => setGranting(true)}>
          贈送影片或月租服務…
        </button>
      </div>
      {extending && (
        <ExtendDialog
          accountId={money.accountId}
          right={extending}
          onDone={done}
          onClose={() => setExtending(null)}
        />
      )}
      {granting && (
        <GoodwillDialog money={money} onDone={done} onClose={() => setGranting(false)} />
      )}
    </section>
  );
}

function ExtendDialog({
  accountId,
  right,
  onDone,
  onClose,
}: {
  accountId: string;
  right: CareActionEntitlement;
  onDone: (outcome: string) => void;
  onClose: () => void;
}) {
  const [hours, setHours] = useState('24');
  return (
    <ActionDialog
      title={`延長「${right.name}」的期限`}
      description={<p>目前：{rightState(right)}。已結束的租借從現在起算。</p>}
      confirmLabel="確定延長"
      fieldNames={['hours']}
      act={async (reason) => {
        const value = Number(hours);
        if (!Number.isInteger(value) || value < 1 || value > 720) throw '請輸入 1 到 720 小時。';
        const { entitlement } = await call(consoleCareActionCalls.extendRental, {
          accountId,
          entitlementId: right.entitlementId,
          from: (right.firstPlayedAt === null ? right.startBy : right.expiresAt) ?? 0,
          hours: value,
          reason,
        });
        return `「${entitlement.name}」已延長 ${value} 小時：${rightState(entitlement)}。`;
      }}
      onDone={onDone}
      onClose={onClose}
    >
      {(problems) => (
        <Field id="care-extend-hours" label="延長時數" error={problems.hours}>
          <input
            {...describedBy('care-extend-hours', problems.hours)}
            type="number"
            min={1}
            max={720}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          />
        </Field>
      )}
    </ActionDialog>
  );
}

function GoodwillDialog({
  money,
  onDone,
  onClose,
}: {
  money: CareMoney;
  onDone: (outcome: string) => void;
  onClose: () => void;
}) {
  const [actionId] = useState(newActionId);
  const [kind, setKind] = useState<'title' | 'service'>('title');
  const [contentId, setContentId] = useState('');
  const [serviceId, setServiceId] = useState(money.services[0]?.serviceId ?? '');
  const [endDay, setEndDay] = useState('');
  return (
    <ActionDialog
      title="贈送影片或月租服務"
      description={<p>補償給會員，到結束日期（台北時間當天結束）為止。會員會收到站內訊息。</p>}
      confirmLabel="確定贈送"
      fieldNames={['contentId', 'serviceId', 'endsAt']}
      act={async (reason) => {
        const endsAt = taipeiDayToUnix(endDay, true);
        if (endsAt === undefined) throw '請選擇結束日期。';
        const granted = await call(consoleCareActionCalls.grantGoodwill, {
          accountId: money.accountId,
          actionId,
          kind,
          ...(kind === 'title' ? { contentId: contentId.trim() } : { serviceId }),
          endsAt,
          reason,
        });
        return `已贈送「${granted.name}」至 ${formatTaipei(granted.endsAt)}。`;
      }}
      onDone={onDone}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <fieldset className="field">
            <legend>贈送項目</legend>
            <label>
              <input
                type="radio"
                name="care-goodwill-kind"
                checked={kind === 'title'}
                onChange={() => setKind('title')}
              />{' '}
              單片
            </label>{' '}
            <label>
              <input
                type="radio"
                name="care-goodwill-kind"
                checked={kind === 'service'}
                onChange={() => setKind('service')}
              />{' '}
              月租服務
            </label>
          </fieldset>
          {kind === 'title' ? (
            <Field id="care-goodwill-title" label="影片編號" error={problems.contentId}>
              <input
                {...describedBy('care-goodwill-title', problems.contentId)}
                value={contentId}
                onChange={(event) => setContentId(event.target.value)}
              />
            </Field>
          ) : (
            <Field id="care-goodwill-service" label="月租服務" error={problems.serviceId}>
              <select
                {...describedBy('care-goodwill-service', problems.serviceId)}
                value={serviceId}
                onChange={(event) => setServiceId(event.target.value)}
              >
                {money.services.map((s) => (
                  <option key={s.serviceId} value={s.serviceId}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field id="care-goodwill-end" label="結束日期" error={problems.endsAt}>
            <input
              {...describedBy('care-goodwill-end', problems.endsAt)}
              type="date"
              value={endDay}
              onChange={(event) => setEndDay(event.target.value)}
            />
          </Field>
        </>
      )}
    </ActionDialog>
  );
}
