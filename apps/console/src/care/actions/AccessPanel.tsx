import {
  consoleCareActionCalls,
  type CareAccess,
  type CareActionSession,
} from '@site/contract/console';
import { useState } from 'react';
import { call } from '../../api/call';
import { formatTaipei } from '../../time';
import { ActionDialog } from './ActionDialog';
import { SESSION_KIND_LABELS } from './labels';

type Open = { kind: 'one'; session: CareActionSession } | { kind: 'all' } | { kind: 'pin' } | null;

/** The member's signed-in sessions (sign one or all out) and the kid PIN (unlock it). */
export function AccessPanel({
  access,
  onDone,
}: {
  access: CareAccess;
  onDone: (outcome: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const { accountId } = access;
  const done = (outcome: string) => {
    setOpen(null);
    onDone(outcome);
  };
  const kids = access.subAccounts.filter((u) => u.kid);
  return (
    <>
      <section aria-labelledby="care-sessions">
        <h2 id="care-sessions">登入中的裝置</h2>
        <p>登出後，會員在每一台伺服器上的下一個動作都會被要求重新登入。</p>
        {access.sessions.length === 0 ? (
          <p>目前沒有登入中的裝置。</p>
        ) : (
          <table className="data-table">
            <caption className="visually-hidden">登入中的裝置</caption>
            <thead>
              <tr>
                <th scope="col">種類</th>
                <th scope="col">裝置</th>
                <th scope="col">子帳號</th>
                <th scope="col">登入時間</th>
                <th scope="col">最近使用</th>
                <th scope="col">動作</th>
              </tr>
            </thead>
            <tbody>
              {access.sessions.map((s) => (
                <tr key={s.sessionId}>
                  <td data-label="種類">{SESSION_KIND_LABELS[s.kind]}</td>
                  <td data-label="裝置">{s.deviceType}</td>
                  <td data-label="子帳號">{s.subAccountName || '—'}</td>
                  <td data-label="登入時間">{formatTaipei(s.createdAt)}</td>
                  <td data-label="最近使用">{formatTaipei(s.lastSeenAt)}</td>
                  <td data-label="動作">
                    <button
                      type="button"
                      className="button"
                      aria-label={`登出 ${formatTaipei(s.createdAt)} 登入的${s.deviceType}`}
                      onClick={() => setOpen({ kind: 'one', session: s })}
                    >
                      登出…
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => setOpen({ kind: 'all' })}
          >
            登出所有裝置…
          </button>
        </div>
      </section>

      <section aria-labelledby="care-subaccounts">
        <h2 id="care-subaccounts">子帳號與兒童 PIN 碼</h2>
        <ul>
          {access.subAccounts.map((u) => (
            <li key={u.subAccountUid}>
              {u.nickname}
              {u.primary ? '（主帳號）' : ''}
              {u.kid ? '（兒童）' : ''}
            </li>
          ))}
        </ul>
        <p>
          {!access.kidPin.set
            ? '這個帳號沒有設定兒童 PIN 碼。'
            : access.kidPin.locked
              ? `兒童 PIN 碼已鎖定（連續錯誤 ${access.kidPin.failures} 次）。`
              : access.kidPin.failures > 0
                ? `兒童 PIN 碼連續錯誤 ${access.kidPin.failures} 次，尚未鎖定。`
                : '兒童 PIN 碼正常。'}
          {kids.length > 0 ? `PIN 碼保護 ${kids.length} 個兒童子帳號。` : ''}
        </p>
        {access.kidPin.set && access.kidPin.failures > 0 && (
          <div className="actions">
            <button type="button" className="button" onClick={() => setOpen({ kind: 'pin' })}>
              解除 PIN 碼鎖定…
            </button>
          </div>
        )}
      </section>

      {open?.kind === 'one' && (
        <ActionDialog
          title="登出這個裝置"
          description={
            <p>
              {SESSION_KIND_LABELS[open.session.kind]}／{open.session.deviceType}，
              {formatTaipei(open.session.createdAt)} 登入。
            </p>
          }
          confirmLabel="確定登出"
          danger
          act={async (reason) => {
            const { revoked } = await call(consoleCareActionCalls.revokeSession, {
              accountId,
              sessionId: open.session.sessionId,
              reason,
            });
            return `已登出 ${revoked} 個裝置。`;
          }}
          onDone={done}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'all' && (
        <ActionDialog
          title="登出所有裝置"
          description={<p>會員的網站與 App 登入都會結束，需要重新登入。</p>}
          confirmLabel="確定全部登出"
          danger
          act={async (reason) => {
            const { revoked } = await call(consoleCareActionCalls.revokeAllSessions, {
              accountId,
              reason,
            });
            return `已登出所有裝置（共 ${revoked} 個）。`;
          }}
          onDone={done}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'pin' && (
        <ActionDialog
          title="解除兒童 PIN 碼鎖定"
          description={<p>清除錯誤次數與鎖定，PIN 碼本身不變。會員會收到站內訊息。</p>}
          confirmLabel="確定解除"
          act={async (reason) => {
            await call(consoleCareActionCalls.unlockKidPin, { accountId, reason });
            return '兒童 PIN 碼已解除鎖定。';
          }}
          onDone={done}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
