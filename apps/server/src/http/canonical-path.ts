/**
 * The one spelling rule for request paths (docs/adr/0018). Rights are decided by path prefix in
 * several places (CSRF on /ajax, signatures on /gw, public /media beside signed /stream), and the
 * router decodes and tolerates spellings those checks did not: `/%61jax/…`, `/media//clips/…`,
 * `/media/images/../clips/…`, an absolute-form target `http://host/ajax/…`. So a request whose path
 * is not already in its one canonical form is refused before any route or hook looks at it.
 *
 * Canonical means: origin-form (starts with a single "/"), no empty, "." or ".." segment, no
 * backslash, and no percent-escape that stands for a character that needs none (letters, digits,
 * "-._~") or that changes how the path splits ("/", "\", "%", "."). Escapes of other bytes, such as
 * UTF-8 Chinese in a page path, stay allowed. Escapes must be well formed.
 */
export type PathProblem = 'absolute-form' | 'dot-or-empty-segment' | 'backslash' | 'bad-escape';

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const NEEDLESS_OR_STRUCTURAL = /^[A-Za-z0-9\-._~/\\%]$/;

export function pathProblem(rawUrl: string): PathProblem | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!path.startsWith('/') || path.startsWith('//')) return 'absolute-form';
  if (path.includes('\\')) return 'backslash';
  // A lone "%" or one followed by non-hex digits is malformed however it is read.
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return 'bad-escape';
  for (const [, hex] of path.matchAll(ESCAPE)) {
    if (NEEDLESS_OR_STRUCTURAL.test(String.fromCharCode(parseInt(hex!, 16)))) return 'bad-escape';
  }
  const segments = path.slice(1).split('/');
  // A trailing slash (an empty last segment) is tolerated: the router ignores it.
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '.' || segment === '..') return 'dot-or-empty-segment';
    if (segment === '' && i < segments.length - 1) return 'dot-or-empty-segment';
  }
  return null;
}
