import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { pageRoutes } from '@site/contract';
import {
  useAnnouncements,
  useInbox,
  useInboxUnreadCount,
  useUpdateMessages,
} from '../../api/engagement';
import { useLoginInfo } from '../../api/session';
import { t } from '../../i18n/zh-TW';
import { detailPathFromLink } from '../detail-link/parse';
import { Dialog } from '../dialog/Dialog';
import './InboxButton.css';
import { LoadError } from '../load-error/LoadError';

const when = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * The header's inbox (docs/adr/0026): a button with the unread count that opens the message list
 * (mark read, delete), and the announcements queue, each shown once. Members only; a kid gets
 * the announcements alone.
 */
export function InboxButton() {
  const { data: info } = useLoginInfo();
  const count = useInboxUnreadCount(info);
  const [open, setOpen] = useState(false);
  if (info?.isLogin !== 'Y') return null;
  // A kid has no inbox (the messages are the account holder's; docs/adr/0028), but is shown
  // the site's announcements (maintenance and the like concern a kid watching too).
  if (info.kidMode === '1') return <AnnouncementQueue />;
  const unread = count.data?.unreadCount ?? 0;
  return (
    <>
      <button
        type="button"
        className="inbox-button"
        aria-label={t.inbox.buttonLabel(unread)}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">✉</span>
        <span className="inbox-button__text" aria-hidden="true">
          {t.inbox.button}
        </span>
        {unread > 0 ? (
          <span className="inbox-button__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? <InboxDialog onClose={() => setOpen(false)} /> : null}
      <AnnouncementQueue />
    </>
  );
}

function InboxDialog({ onClose }: { onClose: () => void }) {
  const { data: info } = useLoginInfo();
  const inbox = useInbox(info);
  const update = useUpdateMessages(info);
  const messages = inbox.data?.messageList ?? [];
  const unreadIds = messages.filter((m) => m.status === 'unread').map((m) => m.msgId);
  return (
    <Dialog title={t.inbox.title} onClose={onClose}>
      {inbox.isPending ? <p role="status">{t.common.loading}</p> : null}
      {inbox.isError ? <LoadError error={inbox.error} onRetry={() => inbox.refetch()} /> : null}
      {update.isError ? <p role="alert">{update.error.message}</p> : null}
      {inbox.isSuccess && messages.length === 0 ? <p>{t.inbox.empty}</p> : null}
      <ul className="inbox-list">
        {messages.map((m) => (
          <li key={m.msgId} className={`inbox-list__item inbox-list__item--${m.status}`}>
            <h3 className="inbox-list__title">
              {m.status === 'unread' ? (
                <span className="inbox-list__unread">{t.inbox.unread}</span>
              ) : null}
              {m.title}
            </h3>
            <p className="inbox-list__content">{m.content}</p>
            <p className="inbox-list__time">
              {t.inbox.sentAt(when.format(new Date(m.sentAt * 1000)))}
            </p>
            <div className="inbox-list__actions">
              {m.linkString ? (
                // The message points at a title (SPEC §2 link string): 立即前往 opens its page.
                <Link
                  to={detailPathFromLink(m.linkString)}
                  className="button button--primary"
                  aria-label={t.inbox.goToTitleLabel(m.title)}
                  onClick={() => {
                    // Following a message's link is reading it.
                    if (m.status === 'unread') update.mutate({ msgIds: [m.msgId], status: 'read' });
                    onClose();
                  }}
                >
                  {t.common.goNow}
                </Link>
              ) : null}
              {m.status === 'unread' ? (
                <button
                  type="button"
                  className="button"
                  aria-label={t.inbox.markReadLabel(m.title)}
                  disabled={update.isPending}
                  onClick={() => update.mutate({ msgIds: [m.msgId], status: 'read' })}
                >
                  {t.inbox.markRead}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--danger"
                aria-label={t.inbox.deleteLabel(m.title)}
                disabled={update.isPending}
                onClick={() => update.mutate({ msgIds: [m.msgId], status: 'deleted' })}
              >
                {t.inbox.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        {unreadIds.length > 0 ? (
          <button
            type="button"
            className="button"
            disabled={update.isPending}
            onClick={() => update.mutate({ msgIds: unreadIds, status: 'read' })}
          >
            {t.inbox.markAllRead}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t.inbox.close}
        </button>
      </div>
    </Dialog>
  );
}

/** Pages where a member is still signing in or choosing who watches: no announcement yet. */
const SIGNING_IN: readonly string[] = [pageRoutes.login, pageRoutes.signUp, pageRoutes.subAccounts];

/**
 * Announcements not yet shown to this user (the server counts them shown), one after another, in
 * a non-modal notice at the foot of the screen: it is announced politely and does not stop the
 * member from using the page. Asked once the member is past signing in and choosing who watches.
 */
function AnnouncementQueue() {
  const { data: info } = useLoginInfo();
  const { pathname } = useLocation();
  const queue = useAnnouncements(info, !SIGNING_IN.includes(pathname));
  const [shown, setShown] = useState(0);
  const titleId = useId();
  const current = queue.data?.announceList[shown];
  if (!current) return null;
  return createPortal(
    <aside className="announcement" aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className="announcement__title">
        {`${t.inbox.announcement}：${current.title}`}
      </h2>
      <p className="announcement__content">{current.content}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => setShown((n) => n + 1)}
      >
        {t.inbox.gotIt}
      </button>
    </aside>,
    document.body,
  );
}
