// The rules are read by config (checked at start) and used by live (stream-hosts.ts), so they sit
// below both.
/**
 * Stream host rewriting (SPEC §5): a channel whose name matches a rule's pattern streams from
 * that rule's host (sport, news or event stream hosts); the URL's protocol follows the page's.
 *
 * LIVE_STREAM_HOST_RULES holds the rules, first match wins: `pattern=>host` entries separated by
 * `;`, where pattern is a regular expression (Unicode, case-insensitive) tested against the
 * channel name and host is `name[:port]` without a scheme, e.g.
 *   體育|棒球|籃球|奧運=>sport-live.example.com;新聞=>news-live.example.com;演唱會|跨年=>event-live.example.com
 * A pattern cannot hold `;` or `=>`. With no rule matching, the URL stays relative: the stream
 * comes from the page's own origin in the page's own protocol.
 */
export interface HostRule {
  pattern: RegExp;
  host: string;
}

const HOST =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?$/;

/** Parses the rules; throws an Error naming the bad entry. */
export function parseHostRules(text: string): HostRule[] {
  return text
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.lastIndexOf('=>');
      if (at <= 0) throw new Error(`"${entry}" is not pattern=>host`);
      const source = entry.slice(0, at).trim();
      const host = entry.slice(at + 2).trim();
      if (!HOST.test(host)) throw new Error(`"${host}" is not a host name (no scheme, no path)`);
      let pattern: RegExp;
      try {
        pattern = new RegExp(source, 'iu');
      } catch {
        throw new Error(`"${source}" is not a regular expression`);
      }
      return { pattern, host: host.toLowerCase() };
    });
}

/** Whether the rules parse; the config check's message when they do not. */
export function hostRulesProblem(text: string): string | null {
  try {
    parseHostRules(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
