// The edge's check of signed media paths (docs/adr/0058), the origin's rules written again for
// njs (Debian's libnginx-mod-http-js, njs 0.7): the same HMAC-SHA256 over the same messages with
// the same STREAM_SIGNING_SECRET, the same one-spelling rules (ADR 0018), in the same order, so
// a path the origin would refuse never reaches it. The origin's code:
//   apps/server/src/http/canonical-path.ts, http/canonical-number.ts,
//   modules/media/stream-urls.ts (/stream/), modules/live/origin/live-signer.ts (/live/, /catchup/).
// Both are tested against deploy/nginx/signature-vectors.json.
import crypto from 'crypto';

/** stream-urls.ts TOKEN_LENGTH: 32 base64url characters are 24 bytes of the HMAC. */
const SIGNATURE_BYTES = 24;
const ID = /^[A-Za-z0-9_-]{1,40}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{32}$/;
const CANONICAL_NUMBER = /^(?:0|[1-9][0-9]{0,14})$/;
const NEEDLESS_OR_STRUCTURAL = /^[A-Za-z0-9\-._~/\\%]$/;
/**
 * Read once, when nginx loads the module (its environment cannot change while it runs): each
 * request's VM is a copy of the loaded one, and process.env would be built again in every copy.
 */
const SECRET = process.env.STREAM_SIGNING_SECRET;
/** Live and catch-up expiries are whole hours (live-signer.ts EXPIRY_STEP_SECONDS). */
const EXPIRY_STEP_SECONDS = 3600;

/** canonical-path.ts pathProblem: true when the target is not in its one spelling. */
function badSpelling(rawUrl) {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path[0] !== '/' || path.startsWith('//')) return true;
  // The usual path has none of what the checks below look for: answer without the regexes and
  // the split (about a tenth of the edge's CPU per cached segment, ADR 0058).
  if (
    path.indexOf('%') === -1 &&
    path.indexOf('\\') === -1 &&
    path.indexOf('//') === -1 &&
    path.indexOf('/.') === -1
  ) {
    return false;
  }
  if (path.indexOf('\\') !== -1) return true;
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return true;
  const escapes = path.match(/%[0-9A-Fa-f]{2}/g) || [];
  for (let i = 0; i < escapes.length; i++) {
    const char = String.fromCharCode(parseInt(escapes[i].slice(1), 16));
    if (NEEDLESS_OR_STRUCTURAL.test(char)) return true;
  }
  const segments = path.slice(1).split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '.' || segment === '..') return true;
    if (segment === '' && i < segments.length - 1) return true;
  }
  return false;
}

/** canonical-number.ts: the value of a canonically spelled whole number, else null. */
function canonicalInteger(text) {
  return text !== undefined && CANONICAL_NUMBER.test(text) ? Number(text) : null;
}

/**
 * What the origin signs for each kind: stream-urls.ts (clips), live-signer.ts (live; catch-up
 * with its programme's start). The numbers are canonical, so their text is the origin's.
 */
function signedMessage(kind, id, start, expires) {
  if (kind === 'stream') return `${id}\n${expires}`;
  if (kind === 'live') return `live\n${id}\n${expires}`;
  return `catchup\n${id}\n${start}\n${expires}`;
}

/** The HMAC-SHA256 of a signed message; a signature is its first 24 bytes in base64url. */
function mac(secret, message) {
  return crypto.createHmac('sha256', secret).update(message).digest();
}

/**
 * Whether a signature of the right form (SIGNATURE: 32 base64url characters, 24 bytes) is the
 * start of the HMAC, in a time that does not depend on where they differ: six 32-bit words
 * XORed and ORed together, with no early exit (=== on strings stops at the first difference).
 * Cheaper in njs than a loop over the characters or comparing two SHA-256 digests (ADR 0058).
 */
function signs(signature, hmac) {
  const given = Buffer.from(signature, 'base64url');
  let difference = 0;
  for (let i = 0; i < SIGNATURE_BYTES; i += 4) {
    difference |= given.readUInt32BE(i) ^ hmac.readUInt32BE(i);
  }
  return difference === 0;
}

/**
 * The usual request, a genuine viewer's: a signed prefix in its one spelling and a plain file
 * path (no `%`, `\`, empty or dot-led segment), perhaps a query. One regex recognises it where the
 * rules below take a dozen steps, and each of njs's regex calls and splits costs about as much as
 * the HMAC (ADR 0058). Groups: kind, id, programme start (catch-up only), expiry, signature.
 */
const PLAIN =
  /^\/(stream|live|catchup)\/([A-Za-z0-9_-]{1,40})\/(?:([1-9][0-9]{0,14})\/)?([1-9][0-9]{0,14})\/([A-Za-z0-9_-]{32})(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)+(?:\?|$)/;

/**
 * decide() for a path PLAIN recognises, or null for any other, which the rules below then
 * answer. Gives the answer the rules would: edge-plain.test.ts holds the two to each other.
 */
function decidePlain(rawUrl, secret, now) {
  const m = PLAIN.exec(rawUrl);
  // A catch-up path has a programme start, a clip's or channel's has none.
  if (m === null || (m[1] === 'catchup') !== (m[3] !== undefined)) return null;
  const kind = m[1];
  const expires = Number(m[4]);
  if (expires <= now) return '403';
  if (kind !== 'stream' && expires % EXPIRY_STEP_SECONDS !== 0) return '403';
  return signs(m[5], mac(secret, signedMessage(kind, m[2], m[3], m[4]))) ? '' : '403';
}

/**
 * What the origin would answer for this signed path's prefix: '400' (not its one spelling),
 * '403' (forged, expired, for another clip or channel), or '' (genuine: forward it).
 * `secret` and `now` (Unix seconds) are parameters so the test can call it as the edge does.
 */
function decide(rawUrl, secret, now) {
  const plain = decidePlain(rawUrl, secret, now);
  return plain === null ? decideByRules(rawUrl, secret, now) : plain;
}

/** decide() step by step, in the origin's order. */
function decideByRules(rawUrl, secret, now) {
  if (badSpelling(rawUrl)) return '400';
  const queryAt = rawUrl.indexOf('?');
  const parts = (queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)).split('/');
  const kind = parts[1];
  if (kind === 'stream') {
    // /stream/{clip}/{expires}/{signature}/…: stream-urls.ts verify.
    const expires = canonicalInteger(parts[3]);
    if (expires === null) return '400';
    if (!ID.test(parts[2]) || expires <= now) return '403';
    // The origin compares any text; one not of a signature's form cannot be one.
    const signature = parts[4] || '';
    if (!SIGNATURE.test(signature)) return '403';
    return signs(signature, mac(secret, signedMessage(kind, parts[2], null, expires))) ? '' : '403';
  }
  if (kind === 'live') {
    // /live/{channel}/{expires}/{signature}/…: live-signer.ts verify.
    const expires = canonicalInteger(parts[3]);
    if (expires === null) return '400';
    const signature = parts[4] || '';
    if (!ID.test(parts[2]) || expires <= now || expires % EXPIRY_STEP_SECONDS !== 0) return '403';
    if (!SIGNATURE.test(signature)) return '403';
    return signs(signature, mac(secret, signedMessage(kind, parts[2], null, expires))) ? '' : '403';
  }
  if (kind === 'catchup') {
    // /catchup/{channel}/{programme start}/{expires}/{signature}/…: verifyProgramme.
    const start = canonicalInteger(parts[3]);
    const expires = canonicalInteger(parts[4]);
    if (start === null || expires === null) return '400';
    const signature = parts[5] || '';
    if (!ID.test(parts[2]) || expires <= now || expires % EXPIRY_STEP_SECONDS !== 0) return '403';
    if (!SIGNATURE.test(signature)) return '403';
    return signs(signature, mac(secret, signedMessage(kind, parts[2], start, expires)))
      ? ''
      : '403';
  }
  return '';
}

/** js_set $edge_refusal edge.refusal: the refusal the origin would give, or '' to forward. */
function refusal(r) {
  // Without the secret nothing can be checked: refuse rather than forward unchecked.
  if (!SECRET) return '403';
  return decide(r.variables.request_uri, SECRET, Math.floor(Date.now() / 1000));
}

export default { refusal, decide, decidePlain, decideByRules };
