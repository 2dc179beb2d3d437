import {
  AD_CAMPAIGN_STATE_LABELS,
  AD_CREATIVE_STATE_LABELS,
  consoleAdCalls,
  type AdCampaign,
  type AdCreative,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../api/call';
import { completionRate } from '../ads/campaign-form';
import { CreativeUpload } from '../ads/CreativeUpload';
import { CAMPAIGNS_KEY, CAMPAIGN_STATUS_LABELS, CREATIVES_KEY } from '../ads/labels';
import { formatDuration } from '../media/labels';
import { formatTaipei, taipeiDayToUnix, unixToTaipeiLocal } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable } from '../ui/DataTable';
import { formatCount } from '../vouchers/labels';

const campaignColumn = createColumnHelper<AdCampaign>();
const creativeColumn = createColumnHelper<AdCreative>();
const today = () => unixToTaipeiLocal(Math.floor(Date.now() / 1000)).slice(0, 10);
const daysAgo = (n: number) =>
  unixToTaipeiLocal(Math.floor(Date.now() / 1000) - n * 86_400).slice(0, 10);

/** 廣告活動 (issue 25 item 6): campaigns with their figures over chosen days, and the creatives. */
export function AdsPage({ editable }: { editable: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [from, setFrom] = useState(() => daysAgo(6));
  const [to, setTo] = useState(today);
  useEffect(() => {
    document.title = '廣告活動 — 營運後台';
  }, []);
  const campaigns = useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: () => call(consoleAdCalls.listCampaigns, {}),
  });
  const creatives = useQuery({
    queryKey: CREATIVES_KEY,
    queryFn: () => call(consoleAdCalls.listCreatives, {}),
    // While one is still being transcoded the list looks again every few seconds.
    refetchInterval: (q) =>
      q.state.data?.creatives.some((k) => k.state === 'processing') ? 3000 : false,
  });
  const range = { from: taipeiDayToUnix(from), to: taipeiDayToUnix(to, true) };
  const figures = useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'figures', range],
    queryFn: () => call(consoleAdCalls.figures, { from: range.from!, to: range.to! + 1 }),
    enabled: range.from !== undefined && range.to !== undefined && range.to > range.from,
  });
  const figuresOf = useMemo(
    () => new Map((figures.data?.figures ?? []).map((f) => [f.campaignId, f])),
    [figures.data],
  );

  const campaignColumns = useMemo(
    () => [
      campaignColumn.accessor('name', {
        header: '活動',
        cell: (info) => (
          <Link to={`/ads/campaigns/${info.row.original.campaignId}`}>{info.getValue()}</Link>
        ),
      }),
      campaignColumn.accessor('status', {
        header: '狀態',
        cell: (info) => CAMPAIGN_STATUS_LABELS[info.getValue()],
      }),
      campaignColumn.accessor((c) => `${formatTaipei(c.startsAt)} – ${formatTaipei(c.endsAt)}`, {
        id: 'flight',
        header: '走期（台北時間）',
      }),
      campaignColumn.accessor('priority', { header: '優先' }),
      ...(
        [
          ['impressions', '曝光'],
          ['firstQuartile', '25%'],
          ['midpoint', '50%'],
          ['thirdQuartile', '75%'],
          ['complete', '看完'],
          ['errors', '錯誤'],
        ] as const
      ).map(([key, header]) =>
        campaignColumn.accessor((c) => figuresOf.get(c.campaignId)?.[key] ?? 0, {
          id: key,
          header,
          cell: (info) => formatCount(info.getValue()),
        }),
      ),
      campaignColumn.accessor(
        (c) => {
          const f = figuresOf.get(c.campaignId);
          return f ? completionRate(f.complete, f.impressions) : '—';
        },
        { id: 'rate', header: '完看率' },
      ),
    ],
    [figuresOf],
  );
  const creativeColumns = useMemo(
    () => [
      creativeColumn.accessor('adTitle', {
        header: '素材',
        cell: (info) => `${info.getValue()}（${info.row.original.creativeId}）`,
      }),
      creativeColumn.accessor('advertiser', { header: '廣告主' }),
      creativeColumn.accessor('state', {
        header: '狀態',
        cell: (info) =>
          info.row.original.seeded ? '預設（示範）' : AD_CREATIVE_STATE_LABELS[info.getValue()],
      }),
      creativeColumn.accessor('durationSeconds', {
        header: '長度',
        cell: (info) =>
          info.row.original.state === 'ready' ? formatDuration(info.getValue()) : '—',
      }),
      creativeColumn.accessor('clickThrough', {
        header: '點擊網址',
        cell: (i) => i.getValue() || '—',
      }),
    ],
    [],
  );

  return (
    <>
      <div className="page-head">
        <h1>廣告活動</h1>
        {editable && (
          <Link className="button" to="/ads/campaigns/new">
            新增廣告活動
          </Link>
        )}
      </div>
      {!editable && <p>您的角色只能檢視廣告活動與成效。</p>}
      {(campaigns.isError || figures.isError) && (
        <Alert>{(campaigns.error ?? figures.error)?.message}</Alert>
      )}
      <fieldset className="choices">
        <legend>成效期間（台北時間）</legend>
        <label htmlFor={`${id}-from`}>從</label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label htmlFor={`${id}-to`}>到</label>
        <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </fieldset>
      <DataTable
        caption="廣告活動與成效（走期新的在前）"
        columns={campaignColumns}
        data={campaigns.data?.campaigns ?? []}
        rowKey={(row) => row.campaignId}
        busy={campaigns.isPending}
      />
      <h2>廣告素材</h2>
      {creatives.isError && <Alert>{creatives.error.message}</Alert>}
      <DataTable
        caption="廣告素材（新的在前）"
        columns={creativeColumns}
        data={creatives.data?.creatives ?? []}
        rowKey={(row) => row.creativeId}
        busy={creatives.isPending}
      />
      {editable && (
        <CreativeUpload
          onQueued={() => void queryClient.invalidateQueries({ queryKey: CREATIVES_KEY })}
        />
      )}
      <p className="field__hint">
        狀態「{AD_CAMPAIGN_STATE_LABELS.paused}
        」的活動立即停止播出；預設（示範）素材在沒有活動符合時播出。
      </p>
    </>
  );
}
