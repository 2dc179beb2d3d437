import type { DeviceType } from '@site/contract';

/** The app's package and URL scheme; the site deep-links into the apps (SPEC intro). */
const APP_SCHEME = 'starvideo';
const ANDROID_PACKAGE = 'tw.example.starvideo';

/**
 * How a device opens a title in the app: iOS devices by URL scheme, Android devices by intent
 * (which falls back to the store), Chromecast and PC by the site's own player page.
 */
export function playAppLink(contentId: string, devType: DeviceType): string {
  const id = encodeURIComponent(contentId);
  switch (devType) {
    case 'iPhone':
    case 'iPad':
    case 'iOS':
      return `${APP_SCHEME}://play?contentId=${id}`;
    case 'Android':
    case 'Handset':
    case 'Tablet':
      return `intent://play?contentId=${id}#Intent;scheme=${APP_SCHEME};package=${ANDROID_PACKAGE};end`;
    default:
      return `/play/${id}`;
  }
}
