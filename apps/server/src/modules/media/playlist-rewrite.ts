import path from 'node:path';

export interface GrantedPaths {
  /** The clip's shared, signed prefix (`/stream/{clip}/{expires}/{signature}/`). */
  shared: string;
  /** The viewer's prefix below it (`…/grant/{contentId}/{grant}/`). */
  granted: string;
  /** The viewer's content key URL. */
  key: string;
}

const KEY_TAGS = ['#EXT-X-KEY:', '#EXT-X-SESSION-KEY:'];

/**
 * A playlist of an encrypted clip as one viewer gets it: playlists it names stay on the viewer's
 * path, every other file (segments, init segments, subtitles) points at the shared prefix, so
 * segment paths carry nothing personal and a CDN keeps one copy; the key tags point at the
 * viewer's key URL. `file` is the playlist's path inside the clip folder; a URI that is absolute
 * or leaves the clip folder is an error in the media, not something to pass on.
 */
export function rewriteGrantedPlaylist(text: string, file: string, paths: GrantedPaths): string {
  const dir = path.posix.dirname(file);
  const target = (uri: string): string => {
    if (/^[a-z][a-z0-9+.-]*:|^\//i.test(uri)) throw new Error(`${file}: absolute URI ${uri}`);
    const resolved = path.posix.normalize(path.posix.join(dir, uri.split(/[?#]/)[0]!));
    if (resolved === '..' || resolved.startsWith('../'))
      throw new Error(`${file}: ${uri} leaves the clip`);
    return (resolved.endsWith('.m3u8') ? paths.granted : paths.shared) + resolved;
  };
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#')) {
        if (KEY_TAGS.some((tag) => line.startsWith(tag)))
          return line.replace(/URI="[^"]*"/, `URI="${paths.key}"`);
        return line.replace(/URI="([^"]*)"/, (_match, uri: string) => `URI="${target(uri)}"`);
      }
      return line.trim() === '' ? line : target(line.trim());
    })
    .join('\n');
}
