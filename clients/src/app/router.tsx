import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { lazyComponent } from './lazy-route';
import { ROLE_GROUPS } from '../lib/role-home';
import { RequireRole } from './route-guard';
import { RootRedirect } from './root-redirect';
import { i18n } from '../i18n/i18n';
import { RecordedLanguage } from '../i18n/recorded-language';
import { SessionWatcher } from './session-watcher';
import { StaffAlerts } from './staff-alerts';

function RootLayout() {
  return (
    <>
      <SessionWatcher />
      <RecordedLanguage />
      <StaffAlerts />
      <Outlet />
    </>
  );
}

// MUI's theme (and MUI) for every screen past sign-in, loaded with the first of them.
const shell = (children: RouteObject[]): RouteObject => ({
  lazy: lazyComponent(
    () => import('./shell'),
    (m) => m.Shell,
  ),
  children,
});

/** The route table of SPEC §2; every screen is loaded on first visit. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // Shown while the first screen's chunk loads (plain CSS in base.css; MUI is not loaded yet).
    hydrateFallbackElement: <div className="app-loading" role="progressbar" aria-label={i18n.t('common.loading')} />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: '/signup',
        lazy: lazyComponent(
          () => import('../features/auth/components/sign-up-page'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: '/signin',
        lazy: lazyComponent(
          () => import('../features/auth/components/sign-in-page'),
          (m) => m.SignInPage,
        ),
      },
      {
        path: '/reset-password',
        lazy: lazyComponent(
          () => import('../features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        element: <RequireRole roles={ROLE_GROUPS.requesterScreens} />,
        children: [
          shell([
            {
              path: '/requester',
              lazy: lazyComponent(
                () => import('../features/requester/components/requester-dashboard'),
                (m) => m.RequesterDashboard,
              ),
            },
            {
              path: '/available-rides',
              lazy: lazyComponent(
                () => import('../features/requester/components/fixed-ride-page'),
                (m) => m.FixedRidePage,
              ),
            },
            {
              path: '/special-task-ride',
              lazy: lazyComponent(
                () => import('../features/requester/components/special-task-page'),
                (m) => m.SpecialTaskPage,
              ),
            },
          ]),
        ],
      },
      {
        element: <RequireRole roles={ROLE_GROUPS.driver} />,
        children: [
          shell([
            {
              path: '/driver',
              lazy: lazyComponent(
                () => import('../features/driver/components/driver-dashboard'),
                (m) => m.DriverDashboard,
              ),
            },
            {
              path: '/driver/inspection',
              lazy: lazyComponent(
                () => import('../features/inspections/components/inspection-page'),
                (m) => m.InspectionPage,
              ),
            },
          ]),
        ],
      },
      {
        element: <RequireRole roles={ROLE_GROUPS.staff} />,
        children: [
          shell([
            {
              path: '/board',
              lazy: lazyComponent(
                () => import('../features/staff/components/board-page'),
                (m) => m.BoardPage,
              ),
            },
            {
              path: '/maintenance-head',
              lazy: lazyComponent(
                () => import('../features/staff/components/maintenance-head-dashboard'),
                (m) => m.MaintenanceHeadDashboard,
              ),
            },
            {
              path: '/requests',
              lazy: lazyComponent(
                () => import('../features/staff/components/maintenance-requests-page'),
                (m) => m.MaintenanceRequestsPage,
              ),
            },
            {
              path: '/reports',
              lazy: lazyComponent(
                () => import('../features/staff/components/kpi-dashboard-page'),
                (m) => m.KpiDashboardPage,
              ),
            },
            {
              path: '/ride-reports',
              lazy: lazyComponent(
                () => import('../features/staff/components/ride-reports-page'),
                (m) => m.RideReportsPage,
              ),
            },
            {
              path: '/driver-info',
              lazy: lazyComponent(
                () => import('../features/staff/components/driver-info-page'),
                (m) => m.DriverInfoPage,
              ),
            },
            {
              path: '/ride-audit/:rideId?',
              lazy: lazyComponent(
                () => import('../features/staff/components/ride-audit-page'),
                (m) => m.RideAuditPage,
              ),
            },
            {
              path: '/presence',
              lazy: lazyComponent(
                () => import('../features/staff/components/presence-page'),
                (m) => m.PresencePage,
              ),
            },
            {
              path: '/inspections',
              lazy: lazyComponent(
                () => import('../features/staff/components/inspection-history-page'),
                (m) => m.InspectionHistoryPage,
              ),
            },
            {
              path: '/amrs',
              lazy: lazyComponent(
                () => import('../features/staff/components/amrs-page'),
                (m) => m.AmrsPage,
              ),
            },
          ]),
        ],
      },
      {
        element: <RequireRole roles={ROLE_GROUPS.admin} />,
        children: [
          shell([
            {
              path: '/site',
              lazy: lazyComponent(
                () => import('../features/staff/components/site-page'),
                (m) => m.SitePage,
              ),
            },
            {
              // Issue #34 item 2: a place's printable QR sheet.
              path: '/site/codes/:placeId',
              lazy: lazyComponent(
                () => import('../features/staff/components/place-code-sheet'),
                (m) => m.PlaceCodeSheet,
              ),
            },
            {
              path: '/dispatch',
              lazy: lazyComponent(
                () => import('../features/staff/components/dispatch-page'),
                (m) => m.DispatchPage,
              ),
            },
            {
              path: '/checklists',
              lazy: lazyComponent(
                () => import('../features/inspections/components/checklists-page'),
                (m) => m.ChecklistsPage,
              ),
            },
            {
              path: '/service-accounts',
              lazy: lazyComponent(
                () => import('../features/staff/components/service-accounts-page'),
                (m) => m.ServiceAccountsPage,
              ),
            },
          ]),
        ],
      },
      shell([
        {
          path: '*',
          lazy: lazyComponent(
            () => import('./not-found'),
            (m) => m.NotFound,
          ),
        },
      ]),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
