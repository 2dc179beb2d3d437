/**
 * Gateway request signing (docs/adr/0010): `chk` is the hex HMAC-SHA256, under the client's
 * secret, of `METHOD\npath\nsorted query without chk\n`. The query carries `chl` (the client) and
 * `ts` (Unix seconds, accepted within ±300 s of the server's clock).
 */
export const GATEWAY_CLOCK_SKEW_SECONDS = 300;

/** Query parameters sorted by name then value, percent-encoded (RFC 3986), `chk` left out. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .filter(([name]) => name !== 'chk')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export function gatewaySigningString(
  method: string,
  path: string,
  params: Iterable<[string, string]>,
): string {
  return `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}\n`;
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
