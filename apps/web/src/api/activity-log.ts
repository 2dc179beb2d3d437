import { DEVICE_ID_COOKIE, logCalls, type SasLogBody } from '@site/contract';
import { sendLogBeacon } from './beacon';
import { readCookie } from './cookies';

const APPENDIX_MAX = 2000;
const USER_AGENT_MAX = 500;

/** SPEC §7 userPlatform: phones and tablets are MobileWeb, the rest Web. */
export function userPlatform(userAgent: string): SasLogBody['userPlatform'] {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'MobileWeb' : 'Web';
}

/**
 * The activity-log entry of one action (SPEC §7 InsertSASLog): the browser's deviceId from its
 * cookie (the server sets it with the first entry, docs/adr/0026), the user agent and platform.
 */
export function activityEntry(
  functionCode: string,
  appendix: string,
  userAgent: string,
  cookies: string,
): SasLogBody {
  const deviceId = readCookie(cookies, DEVICE_ID_COOKIE);
  return {
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
    userPlatform: userPlatform(userAgent),
    functionCode,
    ...(deviceId ? { deviceId } : {}),
    appendix: appendix.slice(0, APPENDIX_MAX),
  };
}

/** Posts an activity-log entry as a beacon (as the app log does); failures are quiet. */
export function logActivity(functionCode: string, appendix = ''): void {
  sendLogBeacon(
    logCalls.insertSASLog,
    JSON.stringify(activityEntry(functionCode, appendix, navigator.userAgent, document.cookie)),
  );
}
