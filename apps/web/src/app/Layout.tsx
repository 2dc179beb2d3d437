import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { t } from '../i18n/zh-TW';
import { CategoryMenus } from './CategoryMenus';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from '../routing/PageLoading';
import './Layout.css';

export function Layout() {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t.common.skipToContent}
      </a>
      <div className="site-top">
        <Header />
        <CategoryMenus />
      </div>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
