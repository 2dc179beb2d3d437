import { useState } from 'react';
import type { SubAccount } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { DeleteSubAccountDialog } from './DeleteSubAccountDialog';
import { EditSubAccountDialog } from './EditSubAccountDialog';
import './SubAccountCard.css';

/** One sub-account: icon, nickname (as text), badges, filter state and what can be done to it. */
export function SubAccountCard({
  sub,
  current,
  kidSession,
  switching,
  onSwitch,
  onNotice,
}: {
  sub: SubAccount;
  current: boolean;
  kidSession: boolean;
  switching: boolean;
  onSwitch: () => void;
  onNotice: (message: string) => void;
}) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const close = () => setOpen(null);
  const done = (message: string) => {
    setOpen(null);
    onNotice(message);
  };
  const primary = sub.isPrimary === 'Y';
  const kid = sub.kidmode === '1';

  return (
    <li className="sub-account-card">
      <img
        className="sub-account-card__icon"
        src={sub.iconUrl}
        alt={sub.iconDesc}
        width={64}
        height={64}
      />
      <div className="sub-account-card__body">
        <h3 className="sub-account-card__name">{sub.nickname}</h3>
        <p className="sub-account-card__badges">
          {primary ? <span className="badge badge--primary">{t.subAccounts.primary}</span> : null}
          {kid ? <span className="badge badge--kid">{t.subAccounts.kid}</span> : null}
          {current ? <span className="badge">{t.subAccounts.current}</span> : null}
        </p>
        <p className="sub-account-card__filter">
          {sub.filterRestrict === 'Y' ? t.subAccounts.filterOn : t.subAccounts.filterOff}
        </p>
      </div>
      <div className="sub-account-card__actions">
        {current ? null : (
          <button
            type="button"
            className="button"
            aria-label={t.subAccounts.switchTo(sub.nickname)}
            aria-busy={switching}
            onClick={onSwitch}
          >
            {t.subAccounts.switchShort}
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-label={t.subAccounts.edit(sub.nickname)}
          onClick={() => setOpen('edit')}
        >
          {t.subAccounts.editShort}
        </button>
        {primary || current ? null : (
          <button
            type="button"
            className="button"
            aria-label={t.subAccounts.delete(sub.nickname)}
            onClick={() => setOpen('delete')}
          >
            {t.subAccounts.deleteShort}
          </button>
        )}
      </div>
      {open === 'edit' ? (
        <EditSubAccountDialog sub={sub} kidSession={kidSession} onSaved={done} onClose={close} />
      ) : null}
      {open === 'delete' ? (
        <DeleteSubAccountDialog
          sub={sub}
          kidSession={kidSession}
          onDeleted={done}
          onClose={close}
        />
      ) : null}
    </li>
  );
}
