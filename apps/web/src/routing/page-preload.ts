/**
 * Fetching a page's code ahead of navigating there (a play link under the pointer fetches the
 * play page). The router, at the top of the app, registers how; features below it ask here, so
 * they do not import the router and, through its lazy pages, every page (issue 21).
 */
let preloader: ((pathname: string) => Promise<void>) | undefined;

export function registerPagePreloader(preload: (pathname: string) => Promise<void>): void {
  preloader = preload;
}

/** Fetches the code of the page at `pathname`; nothing before the router has registered. */
export function preloadPage(pathname: string): Promise<void> {
  return preloader ? preloader(pathname) : Promise.resolve();
}
