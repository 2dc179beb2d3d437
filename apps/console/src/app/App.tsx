import { STAFF_ROLE_LABELS, consoleSessionCalls, type StaffSelf } from '@site/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { SESSION_ENDED_EVENT, call } from '../api/call';
import {
  SECTIONS,
  SESSION_KEY,
  mayIngest,
  mayMessage,
  mayManageDraws,
  mayEditChannels,
  mayManageVouchers,
  maySchedule,
  mayManageAds,
  mayEditWording,
  landingSection,
  mayUse,
  useSession,
  type Section,
} from '../api/session';
import { SignInPage } from '../pages/SignInPage';
import { Alert } from '../ui/Alert';

// Each section is its own chunk: a sign-in loads none of them, a role only the ones it opens.
const QoePage = lazy(() => import('../pages/QoePage').then((m) => ({ default: m.QoePage })));
const AuditPage = lazy(() => import('../pages/AuditPage').then((m) => ({ default: m.AuditPage })));
const StaffPage = lazy(() => import('../pages/StaffPage').then((m) => ({ default: m.StaffPage })));
const TitlesPage = lazy(() =>
  import('../pages/TitlesPage').then((m) => ({ default: m.TitlesPage })),
);
const MediaPage = lazy(() => import('../pages/MediaPage').then((m) => ({ default: m.MediaPage })));
const MediaJobPage = lazy(() =>
  import('../pages/MediaJobPage').then((m) => ({ default: m.MediaJobPage })),
);
const OrderPage = lazy(() =>
  import('../catalogue/OrderPage').then((m) => ({ default: m.OrderPage })),
);
const MessagesPage = lazy(() =>
  import('../pages/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const AnnouncementsPage = lazy(() =>
  import('../pages/AnnouncementsPage').then((m) => ({ default: m.AnnouncementsPage })),
);
const ChannelsPage = lazy(() =>
  import('../pages/ChannelsPage').then((m) => ({ default: m.ChannelsPage })),
);
const ChannelEditPage = lazy(() =>
  import('../pages/ChannelEditPage').then((m) => ({ default: m.ChannelEditPage })),
);
const SchedulePage = lazy(() =>
  import('../pages/SchedulePage').then((m) => ({ default: m.SchedulePage })),
);
const XmltvPage = lazy(() => import('../pages/XmltvPage').then((m) => ({ default: m.XmltvPage })));
const AdsPage = lazy(() => import('../pages/AdsPage').then((m) => ({ default: m.AdsPage })));
const AdCampaignPage = lazy(() =>
  import('../pages/AdCampaignPage').then((m) => ({ default: m.AdCampaignPage })),
);
const VoucherBatchesPage = lazy(() =>
  import('../pages/VoucherBatchesPage').then((m) => ({ default: m.VoucherBatchesPage })),
);
const NewVoucherBatchPage = lazy(() =>
  import('../pages/NewVoucherBatchPage').then((m) => ({ default: m.NewVoucherBatchPage })),
);
const VoucherBatchPage = lazy(() =>
  import('../pages/VoucherBatchPage').then((m) => ({ default: m.VoucherBatchPage })),
);
const DrawsPage = lazy(() => import('../pages/DrawsPage').then((m) => ({ default: m.DrawsPage })));
const NewDrawPage = lazy(() =>
  import('../pages/NewDrawPage').then((m) => ({ default: m.NewDrawPage })),
);
const DrawActivityPage = lazy(() =>
  import('../pages/DrawActivityPage').then((m) => ({ default: m.DrawActivityPage })),
);
const WordingPage = lazy(() =>
  import('../pages/WordingPage').then((m) => ({ default: m.WordingPage })),
);
const CareActionsPage = lazy(() =>
  import('../care/actions/CareActionsPage').then((m) => ({ default: m.CareActionsPage })),
);
const CareSearchPage = lazy(() =>
  import('../pages/CareSearchPage').then((m) => ({ default: m.CareSearchPage })),
);
const CareMemberPage = lazy(() =>
  import('../pages/CareMemberPage').then((m) => ({ default: m.CareMemberPage })),
);
const ReportsPage = lazy(() =>
  import('../pages/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);
const TitleEditPage = lazy(() =>
  import('../pages/TitleEditPage').then((m) => ({ default: m.TitleEditPage })),
);

export function App() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const ended = () => {
      if (!queryClient.getQueryData(SESSION_KEY)) return;
      setNotice('登入已逾時或已被結束，請重新登入。');
      queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
      queryClient.setQueryData(SESSION_KEY, null);
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [queryClient]);

  if (session.isPending) {
    return (
      <main className="centered" aria-busy="true">
        <p>載入中…</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="centered">
        <Alert>無法連線到營運後台，請稍後再試。</Alert>
        <button type="button" onClick={() => void session.refetch()}>
          重試
        </button>
      </main>
    );
  }
  if (!session.data) {
    return (
      <SignInPage
        notice={notice}
        onSignedIn={(staff) => {
          setNotice(null);
          queryClient.setQueryData(SESSION_KEY, staff);
        }}
      />
    );
  }
  return <Shell staff={session.data} />;
}

function Shell({ staff }: { staff: StaffSelf }) {
  const queryClient = useQueryClient();
  const sections = (Object.keys(SECTIONS) as Section[]).filter((section) =>
    mayUse(section, staff.roles),
  );
  const landing = landingSection(staff.roles);
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const first = useRef(true);
  const previousPath = useRef(location.pathname);
  // After a navigation, focus moves to the page's content (screen readers hear the new page).
  useEffect(() => {
    // The index only redirects to the first section: arriving there is not a navigation.
    const fromIndex = previousPath.current === '/';
    previousPath.current = location.pathname;
    if (first.current || fromIndex) {
      first.current = false;
      return;
    }
    mainRef.current?.focus();
  }, [location.pathname]);

  const signOut = async () => {
    try {
      await call(consoleSessionCalls.signOut);
    } finally {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
    }
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        跳到主要內容
      </a>
      <header className="shell__header">
        <Link to="/" className="shell__brand">
          營運後台
        </Link>
        <div className="shell__who">
          <span className="shell__name">{staff.displayName}</span>
          <span className="shell__roles">
            {staff.roles.map((role) => STAFF_ROLE_LABELS[role]).join('、')}
          </span>
          <button type="button" className="button button--quiet" onClick={() => void signOut()}>
            登出
          </button>
        </div>
      </header>
      <nav className="shell__nav" aria-label="主選單">
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <NavLink to={SECTIONS[section].path}>{SECTIONS[section].label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        <Suspense fallback={<p aria-busy="true">載入中…</p>}>
          <Routes>
            <Route
              index
              element={landing ? <Navigate to={SECTIONS[landing].path} replace /> : <NoSection />}
            />
            {mayUse('titles', staff.roles) && (
              <>
                <Route path="titles" element={<TitlesPage />} />
                <Route path="titles/:contentId" element={<TitleEditPage staff={staff} />} />
              </>
            )}
            {mayUse('order', staff.roles) && (
              <Route path="order" element={<OrderPage staff={staff} />} />
            )}
            {mayUse('media', staff.roles) && (
              <>
                <Route path="media" element={<MediaPage editable={mayIngest(staff.roles)} />} />
                <Route
                  path="media/:jobId"
                  element={<MediaJobPage editable={mayIngest(staff.roles)} />}
                />
              </>
            )}
            {mayUse('messages', staff.roles) && (
              <Route
                path="messages"
                element={<MessagesPage editable={mayMessage(staff.roles)} />}
              />
            )}
            {mayUse('announcements', staff.roles) && (
              <Route
                path="announcements"
                element={<AnnouncementsPage editable={mayMessage(staff.roles)} />}
              />
            )}
            {mayUse('channels', staff.roles) && (
              <>
                <Route
                  path="channels"
                  element={<ChannelsPage editable={mayEditChannels(staff.roles)} />}
                />
                {mayEditChannels(staff.roles) && (
                  <Route path="channels/new" element={<ChannelEditPage editable />} />
                )}
                <Route
                  path="channels/:channelId"
                  element={<ChannelEditPage editable={mayEditChannels(staff.roles)} />}
                />
              </>
            )}
            {mayUse('schedule', staff.roles) && (
              <>
                <Route
                  path="schedule"
                  element={<SchedulePage editable={maySchedule(staff.roles)} />}
                />
                {maySchedule(staff.roles) && (
                  <Route path="schedule/xmltv" element={<XmltvPage />} />
                )}
              </>
            )}
            {mayUse('vouchers', staff.roles) && (
              <>
                <Route
                  path="vouchers"
                  element={<VoucherBatchesPage editable={mayManageVouchers(staff.roles)} />}
                />
                {mayManageVouchers(staff.roles) && (
                  <Route path="vouchers/new" element={<NewVoucherBatchPage />} />
                )}
                <Route
                  path="vouchers/:batchId"
                  element={<VoucherBatchPage editable={mayManageVouchers(staff.roles)} />}
                />
              </>
            )}
            {mayUse('draws', staff.roles) && (
              <>
                <Route
                  path="draws"
                  element={<DrawsPage editable={mayManageDraws(staff.roles)} />}
                />
                {mayManageDraws(staff.roles) && (
                  <Route path="draws/new" element={<NewDrawPage />} />
                )}
                <Route
                  path="draws/:activityId"
                  element={<DrawActivityPage editable={mayManageDraws(staff.roles)} />}
                />
              </>
            )}
            {mayUse('ads', staff.roles) && (
              <>
                <Route path="ads" element={<AdsPage editable={mayManageAds(staff.roles)} />} />
                {mayManageAds(staff.roles) && (
                  <Route path="ads/campaigns/new" element={<AdCampaignPage editable />} />
                )}
                <Route
                  path="ads/campaigns/:campaignId"
                  element={<AdCampaignPage editable={mayManageAds(staff.roles)} />}
                />
              </>
            )}
            {mayUse('wording', staff.roles) && (
              <Route
                path="wording"
                element={<WordingPage editable={mayEditWording(staff.roles)} />}
              />
            )}
            {mayUse('reports', staff.roles) && (
              <Route path="reports/*" element={<ReportsPage roles={staff.roles} />} />
            )}
            {mayUse('staff', staff.roles) && <Route path="staff" element={<StaffPage />} />}
            {mayUse('qoe', staff.roles) && <Route path="qoe" element={<QoePage />} />}
            {mayUse('audit', staff.roles) && <Route path="audit" element={<AuditPage />} />}
            {mayUse('care', staff.roles) && (
              <>
                <Route path="care" element={<CareSearchPage />} />
                <Route path="care/members/:accountId" element={<CareMemberPage />} />
                <Route
                  path="care/members/:accountId/actions"
                  element={<CareActionsPage staff={staff} />}
                />
              </>
            )}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

function NoSection() {
  return (
    <>
      <h1>營運後台</h1>
      <p>您的角色目前沒有可使用的功能，請洽系統管理員。</p>
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1>找不到這個頁面</h1>
      <p>
        這個網址不存在，或您的角色不能使用這項功能。<Link to="/">回到首頁</Link>
      </p>
    </>
  );
}
