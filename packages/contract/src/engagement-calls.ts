/**
 * The engagement calls' paths (ADR 0026), apart from their schemas so that code needing only a
 * path (the header's inbox button, on every page) does not pull zod into the initial bundle.
 */
export const engagementCalls = {
  /** GET (activityId), no cache, CSRF header required: one draw; data.message, data.prizeName. */
  drawActivity: '/ajax/ajaxDrawActivity.do',
  /** GET: the caller's inbox, newest first, without deleted messages; data.unreadCount too. */
  findInboxMessageList: '/ajax/ajaxFindInboxMessageList.do',
  /** GET: the unread count alone (the header's badge). */
  findInboxUnreadCount: '/ajax/ajaxFindInboxUnreadCount.do',
  /** POST (msgIds comma-joined, status read | deleted): the caller's own messages only. */
  updateMsg: '/ajax/ajaxUpdateMsg.do',
  /** GET: announcements this user has not seen yet; each is answered once per user. */
  findActAnnounceQueue: '/ajax/ajaxFindActAnnounceQueue.do',
} as const;
