import { CARE_FILE_PAGE_SIZE, consoleCareCalls } from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../api/call';
import { formatMoney } from '../care/labels';
import {
  CreditLotsTable,
  DevicesTable,
  DrawsTable,
  LedgerTable,
  OrdersTable,
  PlaybackErrorsTable,
  RedemptionsTable,
  RightsTable,
  ServicesTable,
  SessionsTable,
  StreamsTable,
  SubAccountsTable,
} from '../care/MemberLists';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { Pager } from '../ui/DataTable';

const KEY = ['console', 'care', 'member'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`care-${id}`} className="care-section">
      <h2 id={`care-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A member's file for customer care (issue 26 item 1; docs/adr/0052): everything care is asked
 * about on one page, read only. The actions are on their own page (「客服處理」).
 */
export function CareMemberPage() {
  const { accountId = '' } = useParams();
  const [orderPage, setOrderPage] = useState(1);
  const [ledgerPage, setLedgerPage] = useState(1);
  const file = useQuery({
    queryKey: [...KEY, accountId],
    queryFn: async () => (await call(consoleCareCalls.getMemberFile, { accountId })).file,
    // Each read is an audit entry: read when opened, not on every focus.
    staleTime: Infinity,
    retry: false,
  });
  const orders = useQuery({
    queryKey: [...KEY, accountId, 'orders', orderPage],
    queryFn: async () =>
      (await call(consoleCareCalls.listMemberOrders, { accountId, page: orderPage })).orders,
    enabled: orderPage > 1,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const ledger = useQuery({
    queryKey: [...KEY, accountId, 'ledger', ledgerPage],
    queryFn: async () =>
      (await call(consoleCareCalls.listMemberLedger, { accountId, page: ledgerPage })).ledger,
    enabled: ledgerPage > 1,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    document.title = `${file.data?.account.loginId ?? '會員資料'} — 客服 — 營運後台`;
  }, [file.data?.account.loginId]);

  if (file.isPending) return <p aria-busy="true">載入中…</p>;
  if (file.isError) {
    return (
      <>
        <h1>會員資料</h1>
        <Alert>{file.error.message}</Alert>
        <Link to="/care">回到客服查詢</Link>
      </>
    );
  }
  const f = file.data;
  const a = f.account;
  const orderRows = orderPage > 1 && orders.data ? orders.data : f.orders;
  const ledgerRows = ledgerPage > 1 && ledger.data ? ledger.data : f.ledger;
  return (
    <div className="care-file">
      <p>
        <Link to="/care">← 客服查詢</Link>
      </p>
      <div className="page-head">
        <h1>會員 {a.loginId}</h1>
        <Link className="button" to={`/care/members/${encodeURIComponent(a.accountId)}/actions`}>
          客服處理
        </Link>
      </div>
      <p>本頁僅供查閱；退款、登出裝置、解除 PIN 鎖定、補償與錢包調整請按「客服處理」。</p>
      <Section id="account" title="帳號">
        <dl className="facts">
          <dt>會員編號</dt>
          <dd>{a.accountId}</dd>
          <dt>登入帳號</dt>
          <dd>{a.loginId}</dd>
          <dt>手機</dt>
          <dd>{a.phone ?? '—'}</dd>
          <dt>電子郵件</dt>
          <dd>{a.email ?? '—'}</dd>
          <dt>加入時間</dt>
          <dd>{formatTaipei(a.createdAt)}（台北時間）</dd>
          <dt>密碼變更</dt>
          <dd>{formatTaipei(a.passwordChangedAt)}</dd>
          <dt>兒童模式 PIN</dt>
          <dd>{!a.kidPinSet ? '未設定' : a.kidPinLocked ? '已設定，輸錯過多已鎖定' : '已設定'}</dd>
        </dl>
      </Section>
      <Section id="users" title="使用者（子帳號與兒童模式）">
        <SubAccountsTable rows={f.subAccounts} />
      </Section>
      <Section id="sessions" title="登入與裝置">
        <SessionsTable rows={f.sessions} />
        <h3>已登錄裝置</h3>
        <DevicesTable rows={f.devices} />
        <h3>正在播放</h3>
        <StreamsTable rows={f.streams} />
      </Section>
      <Section id="rights" title="權益">
        <p>
          租借須於取得後 168 小時內開始觀看，開始觀看後 48 小時內看完。共 {f.entitlementTotal} 筆
          {f.entitlementTotal > f.entitlements.length
            ? `，顯示最新 ${f.entitlements.length} 筆`
            : ''}
          。
        </p>
        <RightsTable rows={f.entitlements} />
        <h3>月租服務</h3>
        <ServicesTable rows={f.services} />
      </Section>
      <Section id="orders" title="訂單與付款">
        <OrdersTable rows={orderRows.items} busy={orders.isFetching} />
        {orders.isError && <Alert>{orders.error.message}</Alert>}
        <Pager
          page={orderPage}
          pageSize={CARE_FILE_PAGE_SIZE}
          total={f.orders.total}
          onPage={setOrderPage}
        />
      </Section>
      <Section id="wallet" title="錢包">
        <dl className="facts">
          <dt>儲值金</dt>
          <dd data-purse="stored">{formatMoney(f.wallet.stored)}</dd>
          <dt>看片金（可用）</dt>
          <dd data-purse="credit">{formatMoney(f.wallet.credit)}</dd>
        </dl>
        <CreditLotsTable rows={f.wallet.creditLots} />
        <h3>錢包明細</h3>
        <LedgerTable rows={ledgerRows.items} busy={ledger.isFetching} />
        {ledger.isError && <Alert>{ledger.error.message}</Alert>}
        <Pager
          page={ledgerPage}
          pageSize={CARE_FILE_PAGE_SIZE}
          total={f.ledger.total}
          onPage={setLedgerPage}
        />
      </Section>
      <Section id="redemptions" title="序號兌換">
        <RedemptionsTable rows={f.redemptions} />
      </Section>
      <Section id="draws" title="抽獎">
        <DrawsTable rows={f.draws} />
      </Section>
      <Section id="errors" title="最近的播放錯誤（App 紀錄）">
        <PlaybackErrorsTable rows={f.playbackErrors} />
      </Section>
    </div>
  );
}
