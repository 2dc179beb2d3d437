import { consoleCareActionCalls, type StaffSelf } from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../api/call';
import { Alert } from '../../ui/Alert';
import { AccessPanel } from './AccessPanel';
import { OrdersPanel } from './OrdersPanel';
import { RightsPanel } from './RightsPanel';
import { WalletPanel } from './WalletPanel';

export const CARE_ACTIONS_KEY = ['console', 'care-actions'] as const;

/** Customer care takes every action; finance only refunds (docs/adr/0053). */
const isCare = (staff: StaffSelf) =>
  staff.roles.includes('admin') || staff.roles.includes('customer_care');

/**
 * /console/care/members/:accountId/actions (issue 26 item 2): what care can do for one member,
 * each action in a dialog with its required reason; the last outcome is read out here.
 */
export function CareActionsPage({ staff }: { staff: StaffSelf }) {
  const { accountId = '' } = useParams();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | null>(null);
  const care = isCare(staff);
  const money = useQuery({
    queryKey: [...CARE_ACTIONS_KEY, accountId, 'money'],
    queryFn: () => call(consoleCareActionCalls.getMoney, { accountId }),
  });
  const access = useQuery({
    queryKey: [...CARE_ACTIONS_KEY, accountId, 'access'],
    queryFn: () => call(consoleCareActionCalls.getAccess, { accountId }),
    enabled: care,
  });
  useEffect(() => {
    document.title = `客服處理 ${money.data?.loginId ?? accountId} — 營運後台`;
  }, [money.data?.loginId, accountId]);
  const done = (text: string) => {
    setOutcome(text);
    void queryClient.invalidateQueries({ queryKey: [...CARE_ACTIONS_KEY, accountId] });
  };

  return (
    <>
      <p>
        <Link to={`/care/members/${encodeURIComponent(accountId)}`}>← 會員資料</Link>
      </p>
      <h1>客服處理：{money.data?.loginId ?? accountId}</h1>
      <div role="status" aria-live="polite">
        {outcome && <Alert tone="info">{outcome}</Alert>}
      </div>
      {money.isPending && <p aria-busy="true">載入中…</p>}
      {money.isError && <Alert>{money.error.message}</Alert>}
      {money.data && (
        <>
          <OrdersPanel money={money.data} onDone={done} />
          {care && <RightsPanel money={money.data} onDone={done} />}
          {care && <WalletPanel money={money.data} onDone={done} />}
        </>
      )}
      {care && access.isError && <Alert>{access.error.message}</Alert>}
      {care && access.data && <AccessPanel access={access.data} onDone={done} />}
    </>
  );
}
