import {
  CARE_RIGHT_STATE_LABELS,
  type CareLedgerEntry,
  type CareMemberFile,
  type CareOrder,
} from '@site/contract/console';
import { createColumnHelper } from '@tanstack/react-table';
import { formatTaipei } from '../time';
import { DataTable } from '../ui/DataTable';
import {
  LEDGER_REASON_LABELS,
  ORDER_KIND_LABELS,
  ORDER_STATE_LABELS,
  PAY_METHOD_LABELS,
  PURSE_LABELS,
  REDEMPTION_KIND_LABELS,
  REFUND_REASON_LABELS,
  SESSION_KIND_LABELS,
  formatMoney,
  sourceText,
  startClockText,
  watchClockText,
} from './labels';

/*
 * The member file's tables (issue 26 item 1): each list of the file as a table that reads as
 * cards on a narrow screen (DataTable), times in Taipei.
 */

type File = CareMemberFile;
const time = (value: number | null) => formatTaipei(value);
const yesNo = (value: boolean) => (value ? '是' : '否');

const sub = createColumnHelper<File['subAccounts'][number]>();
const subColumns = [
  sub.accessor('nickname', { header: '暱稱' }),
  sub.accessor('isPrimary', { header: '主帳號', cell: (i) => yesNo(i.getValue()) }),
  sub.accessor('kidMode', { header: '兒童模式', cell: (i) => yesNo(i.getValue()) }),
  sub.accessor('filterRestrict', { header: '過濾限制級', cell: (i) => yesNo(i.getValue()) }),
  sub.accessor('createdAt', { header: '建立時間', cell: (i) => time(i.getValue()) }),
];
export const SubAccountsTable = ({ rows }: { rows: File['subAccounts'] }) => (
  <DataTable
    caption="使用者（子帳號）"
    columns={subColumns}
    data={rows}
    rowKey={(r) => r.subAccountUid}
  />
);

const ses = createColumnHelper<File['sessions'][number]>();
const sessionColumns = [
  ses.accessor('kind', { header: '類型', cell: (i) => SESSION_KIND_LABELS[i.getValue()] }),
  ses.accessor('nickname', { header: '使用者' }),
  ses.accessor('deviceName', { header: '裝置', cell: (i) => i.getValue() ?? '—' }),
  ses.accessor('deviceType', { header: '裝置類型' }),
  ses.accessor('createdAt', { header: '登入時間', cell: (i) => time(i.getValue()) }),
  ses.accessor('lastSeenAt', { header: '最近使用', cell: (i) => time(i.getValue()) }),
  ses.accessor('expiresAt', { header: '到期', cell: (i) => time(i.getValue()) }),
];
export const SessionsTable = ({ rows }: { rows: File['sessions'] }) => (
  <DataTable
    caption="登入中的工作階段"
    columns={sessionColumns}
    data={rows}
    rowKey={(r) => `${r.createdAt}-${r.lastSeenAt}-${r.nickname}-${r.deviceType}-${r.kind}`}
  />
);

const dev = createColumnHelper<File['devices'][number]>();
const deviceColumns = [
  dev.accessor('name', { header: '裝置名稱' }),
  dev.accessor('deviceType', { header: '類型' }),
  dev.accessor('registeredAt', { header: '登錄時間', cell: (i) => time(i.getValue()) }),
  dev.accessor('lastSeenAt', { header: '最近使用', cell: (i) => time(i.getValue()) }),
  dev.accessor('playing', { header: '播放中', cell: (i) => yesNo(i.getValue()) }),
];
export const DevicesTable = ({ rows }: { rows: File['devices'] }) => (
  <DataTable caption="已登錄裝置" columns={deviceColumns} data={rows} rowKey={(r) => r.deviceKey} />
);

const str = createColumnHelper<File['streams'][number]>();
const streamColumns = [
  str.accessor('deviceName', { header: '裝置' }),
  str.accessor('playing', { header: '播放內容' }),
  str.accessor('startedAt', { header: '開始時間', cell: (i) => time(i.getValue()) }),
];
export const StreamsTable = ({ rows }: { rows: File['streams'] }) => (
  <DataTable
    caption="正在播放"
    columns={streamColumns}
    data={rows}
    rowKey={(r) => `${r.deviceName}-${r.startedAt}-${r.playing}`}
  />
);

const ent = createColumnHelper<File['entitlements'][number]>();
const rightColumns = [
  ent.accessor('name', {
    header: '影片',
    cell: (i) => `${i.getValue()}（${i.row.original.contentId}）`,
  }),
  ent.accessor('kind', {
    header: '方式',
    cell: (i) => (i.getValue() === 'rent' ? '租借' : '購買'),
  }),
  ent.accessor('grantedAt', { header: '取得時間', cell: (i) => time(i.getValue()) }),
  ent.display({
    id: 'start',
    header: '開始觀看期限（168 小時）',
    cell: (i) => startClockText(i.row.original),
  }),
  ent.display({
    id: 'watch',
    header: '觀看期間（48 小時）',
    cell: (i) => watchClockText(i.row.original),
  }),
  ent.accessor('state', { header: '狀態', cell: (i) => CARE_RIGHT_STATE_LABELS[i.getValue()] }),
  ent.accessor('source', { header: '來源', cell: (i) => sourceText(i.getValue()) }),
];
export const RightsTable = ({ rows }: { rows: File['entitlements'] }) => (
  <DataTable
    caption="單片權益（租借與購買）"
    columns={rightColumns}
    data={rows}
    rowKey={(r) => `${r.contentId}-${r.grantedAt}-${r.source ?? ''}`}
  />
);

const svc = createColumnHelper<File['services'][number]>();
const serviceColumns = [
  svc.accessor('name', { header: '月租服務' }),
  svc.accessor('paidUntil', { header: '有效至', cell: (i) => time(i.getValue()) }),
  svc.accessor('active', { header: '狀態', cell: (i) => (i.getValue() ? '使用中' : '已到期') }),
];
export const ServicesTable = ({ rows }: { rows: File['services'] }) => (
  <DataTable caption="月租服務" columns={serviceColumns} data={rows} rowKey={(r) => r.serviceId} />
);

const ord = createColumnHelper<CareOrder>();
const orderColumns = [
  ord.accessor('orderId', { header: '訂單編號', cell: (i) => <code>{i.getValue()}</code> }),
  ord.accessor('createdAt', { header: '建立時間', cell: (i) => time(i.getValue()) }),
  ord.accessor('kind', { header: '種類', cell: (i) => ORDER_KIND_LABELS[i.getValue()] }),
  ord.accessor('itemName', { header: '品項' }),
  ord.accessor('amount', { header: '金額', cell: (i) => formatMoney(i.getValue()) }),
  ord.accessor('payMethod', { header: '付款方式', cell: (i) => PAY_METHOD_LABELS[i.getValue()] }),
  ord.accessor('state', { header: '狀態', cell: (i) => ORDER_STATE_LABELS[i.getValue()] }),
  ord.display({
    id: 'payment',
    header: '付款與退款',
    cell: (i) => {
      const o = i.row.original;
      const parts = [
        o.providerRef ? `金流編號 ${o.providerRef}` : null,
        o.state !== 'created' ? `更新於 ${time(o.updatedAt)}` : null,
        o.refundReason ? REFUND_REASON_LABELS[o.refundReason] : null,
        o.cardRefund
          ? `刷卡退款 ${formatMoney(o.cardRefund.amount)}：${
              o.cardRefund.state === 'done' ? `已完成（${time(o.cardRefund.doneAt)}）` : '處理中'
            }`
          : null,
      ].filter(Boolean);
      return parts.length ? parts.join('；') : '—';
    },
  }),
];
export const OrdersTable = ({ rows, busy }: { rows: CareOrder[]; busy?: boolean }) => (
  <DataTable
    caption="訂單與付款"
    columns={orderColumns}
    data={rows}
    rowKey={(r) => r.orderId}
    busy={busy}
  />
);

const lot = createColumnHelper<File['wallet']['creditLots'][number]>();
const lotColumns = [
  lot.accessor('rest', { header: '剩餘', cell: (i) => formatMoney(i.getValue()) }),
  lot.accessor('expiresAt', {
    header: '到期',
    cell: (i) => `${time(i.getValue())}${i.row.original.expired ? '（已到期）' : ''}`,
  }),
  lot.accessor('source', { header: '來源', cell: (i) => sourceText(i.getValue()) }),
];
export const CreditLotsTable = ({ rows }: { rows: File['wallet']['creditLots'] }) => (
  <DataTable
    caption="看片金（依到期日）"
    columns={lotColumns}
    data={rows}
    rowKey={(r) => `${r.source}-${r.expiresAt}`}
  />
);

const led = createColumnHelper<CareLedgerEntry>();
const ledgerColumns = [
  led.accessor('createdAt', { header: '時間', cell: (i) => time(i.getValue()) }),
  led.accessor('purse', { header: '錢包', cell: (i) => PURSE_LABELS[i.getValue()] }),
  led.accessor('reason', { header: '原因', cell: (i) => LEDGER_REASON_LABELS[i.getValue()] }),
  led.accessor('amount', { header: '金額', cell: (i) => formatMoney(i.getValue()) }),
  led.accessor('source', { header: '來源', cell: (i) => sourceText(i.getValue()) }),
  led.accessor('expiresAt', { header: '看片金到期', cell: (i) => time(i.getValue()) }),
];
export const LedgerTable = ({ rows, busy }: { rows: CareLedgerEntry[]; busy?: boolean }) => (
  <DataTable
    caption="錢包明細"
    columns={ledgerColumns}
    data={rows}
    rowKey={(r) => r.entryId}
    busy={busy}
  />
);

const red = createColumnHelper<File['redemptions'][number]>();
const redemptionColumns = [
  red.accessor('serial', { header: '序號', cell: (i) => <code>{i.getValue()}</code> }),
  red.accessor('kind', { header: '種類', cell: (i) => REDEMPTION_KIND_LABELS[i.getValue()] }),
  red.accessor('granted', { header: '兌換內容' }),
  red.accessor('redeemedAt', { header: '兌換時間', cell: (i) => time(i.getValue()) }),
  red.accessor('batchId', { header: '批次', cell: (i) => i.getValue() ?? '—' }),
];
export const RedemptionsTable = ({ rows }: { rows: File['redemptions'] }) => (
  <DataTable
    caption="序號兌換紀錄"
    columns={redemptionColumns}
    data={rows}
    rowKey={(r) => r.serial}
  />
);

const drw = createColumnHelper<File['draws'][number]>();
const drawColumns = [
  drw.accessor('title', { header: '活動' }),
  drw.accessor('channelName', { header: '頻道' }),
  drw.accessor('nickname', { header: '使用者' }),
  drw.accessor('drawnAt', { header: '抽獎時間', cell: (i) => time(i.getValue()) }),
  drw.accessor('prizeName', { header: '結果', cell: (i) => i.getValue() ?? '未中獎' }),
];
export const DrawsTable = ({ rows }: { rows: File['draws'] }) => (
  <DataTable caption="抽獎紀錄" columns={drawColumns} data={rows} rowKey={(r) => r.activityId} />
);

const err = createColumnHelper<File['playbackErrors'][number]>();
const errorColumns = [
  err.accessor('at', { header: '時間', cell: (i) => time(i.getValue()) }),
  err.accessor('nickname', { header: '使用者' }),
  err.accessor('contentId', { header: '內容' }),
  err.accessor('playType', {
    header: '類型',
    cell: (i) => (i.getValue() === 'LIVE' ? '直播' : '隨選'),
  }),
  err.accessor('code', { header: '錯誤碼' }),
  err.accessor('message', { header: '訊息' }),
  err.accessor('positionMs', {
    header: '播放位置',
    cell: (i) => `${Math.floor(i.getValue() / 1000)} 秒`,
  }),
  err.accessor('userAgent', { header: '瀏覽器' }),
];
export const PlaybackErrorsTable = ({ rows }: { rows: File['playbackErrors'] }) => (
  <DataTable
    caption="最近的播放錯誤"
    columns={errorColumns}
    data={rows}
    rowKey={(r) => `${r.at}-${r.nickname}-${r.contentId}-${r.code}-${r.positionMs}`}
  />
);
