import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '@site/contract';

// The server writes a <title> for the URL the browser first loaded, often more specific than the
// page's generic one (a title's own name on its details page); keep it whenever we are back there.
const firstTitle = document.title;
const firstPath = window.location.pathname;

/**
 * Sets document.title on client-side navigation. `fromData` marks a title built from loaded data
 * (a programme's name), which is always at least as good as the server's.
 */
export function usePageTitle(pageTitle: string, fromData = false): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const keepServerTitle = !fromData && pathname === firstPath && firstTitle !== '';
    document.title = keepServerTitle ? firstTitle : documentTitle(pageTitle);
  }, [pathname, pageTitle, fromData]);
}
