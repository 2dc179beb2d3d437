import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageRoutes } from '@site/contract';
import { prefetchHomeBanner } from './api/site-content';
import { App } from './app/App';
import { noteFirstPicture } from './app/first-picture';
import { queryClient } from './app/query-client';
import { preloadPage } from './app/router';
import './styles/global.css';

/** How long the first render waits for the first page's code before showing a loading line. */
const FIRST_PAGE_WAIT_MS = 1_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The first page renders with the frame instead of behind a loading line (see lazy-page.tsx),
// and the home page's banner is on its way meanwhile.
if (window.location.pathname === pageRoutes.home) prefetchHomeBanner(queryClient);
noteFirstPicture();
const firstPage = Promise.race([
  preloadPage(window.location.pathname).catch(() => undefined),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]);
void firstPage.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
