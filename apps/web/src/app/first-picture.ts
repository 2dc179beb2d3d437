/**
 * The picture the server named as the first document's largest paint (page-shell.ts preloads it
 * with <link rel="preload" as="image">), for the address that document was loaded at. A page
 * may paint it before its own data comes, so its largest paint waits for the scripts alone, not
 * for the calls after them (ADR 0035). Noted once at start: after a client-side navigation the
 * address differs, and the document's preload speaks of another page.
 */
let first: { pathname: string; picture: string } | undefined;

export function noteFirstPicture(): void {
  const link = document.querySelector('link[rel="preload"][as="image"]');
  const picture = link?.getAttribute('href');
  if (picture) first = { pathname: window.location.pathname, picture };
}

/** The first document's picture when `pathname` is its address, else ''. */
export function firstPictureFor(pathname: string): string {
  return first && first.pathname === pathname ? first.picture : '';
}
