import type { HostRule } from '../../stream-host-rules.js';

export { parseHostRules, type HostRule } from '../../stream-host-rules.js';

/**
 * The URL a player is handed for a stream path (`/live/…`): relative when no rule matches the
 * channel's name, else absolute on the rule's host in the page's protocol.
 */
export function liveStreamUrl(
  path: string,
  channelName: string,
  pageProtocol: string,
  rules: readonly HostRule[],
): string {
  const rule = rules.find((r) => r.pattern.test(channelName));
  if (!rule) return path;
  const protocol = pageProtocol === 'https' ? 'https' : 'http';
  return `${protocol}://${rule.host}${path}`;
}
