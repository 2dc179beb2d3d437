import { consoleSessionCalls, type StaffRole, type StaffSelf } from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { ConsoleCallError, call } from './call';

export const SESSION_KEY = ['console', 'session'] as const;

/** Who is signed in, or null (the sign-in page then shows). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<StaffSelf | null> => {
      try {
        return (await call(consoleSessionCalls.current)).staff;
      } catch (error) {
        if (error instanceof ConsoleCallError && error.httpStatus === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The console's sections and the roles that may use each (an admin may use every one). */
export const SECTIONS = {
  titles: {
    path: '/titles',
    label: '影片',
    roles: ['content_editor', 'customer_care', 'marketing', 'auditor'],
  },
  order: {
    path: '/order',
    label: '排序',
    roles: ['content_editor', 'customer_care', 'marketing', 'auditor'],
  },
  media: { path: '/media', label: '媒體', roles: ['content_editor', 'auditor'] },
  channels: { path: '/channels', label: '頻道', roles: ['channel_scheduler', 'auditor'] },
  schedule: { path: '/schedule', label: '節目排程', roles: ['channel_scheduler', 'auditor'] },
  messages: { path: '/messages', label: '站內訊息', roles: ['marketing', 'auditor'] },
  announcements: { path: '/announcements', label: '公告', roles: ['marketing', 'auditor'] },
  vouchers: { path: '/vouchers', label: '序號批次', roles: ['marketing', 'auditor'] },
  draws: { path: '/draws', label: '抽獎活動', roles: ['marketing', 'auditor', 'customer_care'] },
  ads: { path: '/ads', label: '廣告活動', roles: ['marketing', 'auditor'] },
  wording: { path: '/wording', label: '文字管理', roles: ['marketing', 'auditor'] },
  qoe: { path: '/qoe', label: '播放品質', roles: ['marketing', 'auditor', 'customer_care'] },
  reports: { path: '/reports', label: '報表', roles: ['finance', 'marketing', 'auditor'] },
  staff: { path: '/staff', label: '員工', roles: [] },
  audit: { path: '/audit', label: '稽核紀錄', roles: ['auditor'] },
  care: { path: '/care', label: '客服', roles: ['customer_care', 'finance', 'auditor'] },
} as const satisfies Record<string, { path: string; label: string; roles: readonly StaffRole[] }>;

export type Section = keyof typeof SECTIONS;

export function mayUse(section: Section, roles: readonly StaffRole[]): boolean {
  const allowed: readonly StaffRole[] = SECTIONS[section].roles;
  return roles.includes('admin') || roles.some((role) => allowed.includes(role));
}

/**
 * Where each role's day starts: its own work, not the first section it may read (customer care
 * reads 影片 too, but the phone rings for 客服). Roles in the order they are listed here decide
 * for a member with several.
 */
const HOME_SECTIONS: readonly (readonly [StaffRole, Section])[] = [
  ['admin', 'titles'],
  ['content_editor', 'titles'],
  ['channel_scheduler', 'schedule'],
  ['marketing', 'messages'],
  ['customer_care', 'care'],
  ['finance', 'reports'],
  ['auditor', 'audit'],
];

/** The section the console opens on after sign-in, or undefined when these roles have none. */
export function landingSection(roles: readonly StaffRole[]): Section | undefined {
  return HOME_SECTIONS.find(([role]) => roles.includes(role))?.[1];
}

/** Whether these roles may change titles (the readers only look). */
export function mayEditTitles(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('content_editor');
}

/** Whether these roles may upload media and cancel its jobs (the auditor only looks). */
export function mayIngest(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('content_editor');
}

/** Whether these roles may send messages and edit announcements (the auditor only looks). */
export function mayMessage(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('marketing');
}

/** Whether these roles may change the channel line-up (the auditor only looks). */
export function mayEditChannels(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('channel_scheduler');
}

/** Whether these roles may make, export and void voucher batches (the auditor only looks). */
export function mayManageVouchers(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('marketing');
}

/** Whether these roles may change schedules and import XMLTV (the auditor only looks). */
export function maySchedule(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('channel_scheduler');
}

/**
 * Whether these roles may make and change prize-draw activities (the auditor and customer care
 * only look; customer care sees winners' contact, docs/adr/0049).
 */
export function mayManageDraws(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('marketing');
}

/** Whether these roles may upload creatives and make or change campaigns (the auditor only looks). */
export function mayManageAds(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('marketing');
}

/** Whether these roles may edit the site's wording (the auditor only looks). */
export function mayEditWording(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('marketing');
}
