import { lazy } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { AdminLayout } from '@/app/admin-layout';
import { FunnelLayout } from '@/components/layouts/funnel-layout';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { RootLayout, type RouteHandle } from '@/components/layouts/root-layout';
import { RouteError } from '@/components/layouts/route-error';
import { SITE_PAGES, type SitePageName } from '@/config/site-pages';
import type { AdminRouteHandle, StaffPermission } from '@/features/admin/shell/lib/staff-access';

// The public pages' paths and titles come from the site's route table (config/site-pages.ts),
// which the server reads too for the first response's head. Every screen is its own chunk, so a visitor of the home page never downloads the admin
// area, the resources or the chat (ARCHITECTURE §7, spec §2 "Route table").

// Marketing (header + footer)
const HomePage = lazy(() => import('@/app/pages/home-page'));
const DownloadPage = lazy(() => import('@/features/site/pages/download-page'));
const PrivacyPolicyPage = lazy(() => import('@/features/site/pages/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('@/features/site/pages/terms-of-service-page'));
const AboutPage = lazy(() => import('@/features/site/pages/about-page'));
const OurVisionPage = lazy(() => import('@/features/site/pages/our-vision-page'));
const ContactPage = lazy(() => import('@/features/site/pages/contact-page'));
const NotFoundPage = lazy(() => import('@/features/site/pages/not-found-page'));
const UnsubscribePage = lazy(() => import('@/features/site/pages/unsubscribe-page'));
const PrivacyRequestPage = lazy(() => import('@/features/site/pages/privacy-request-page'));
const ResourcesPage = lazy(() => import('@/features/resources/pages/resources-page'));
const ResourceArticlePage = lazy(() => import('@/features/resources/pages/resource-article-page'));
const ResourcePreviewPage = lazy(() => import('@/features/resources/pages/resource-preview-page'));
const AdminLoginPage = lazy(() => import('@/features/admin/auth/pages/admin-login-page'));
const AdminInvitationPage = lazy(() => import('@/features/admin/auth/pages/admin-invitation-page'));

// Funnel (bare)
const ShotAnalysisPage = lazy(() => import('@/features/waitlist/pages/shotanalysis-page'));
const ShotFormPage = lazy(() => import('@/features/events/pages/shot-form-page'));
// The analysis with the coach chat: composed in app/ (two features); the chat's code comes only with it.
const ShotFeedbackPage = lazy(() => import('@/app/pages/shot-feedback-page'));

// Admin (own layout)
const AdminDashboardPage = lazy(() => import('@/app/pages/admin-dashboard-page'));
const EarlyAccessPage = lazy(() => import('@/features/admin/early-access/pages/early-access-page'));
const CreatorCodesPage = lazy(() => import('@/features/admin/creator-codes/pages/creator-codes-page'));
const AdminResourcesPage = lazy(() => import('@/features/admin/resources/pages/admin-resources-page'));
const AdminResourceEditorPage = lazy(() => import('@/features/admin/resources/pages/admin-resource-editor-page'));
const MailLogPage = lazy(() => import('@/features/admin/mail-log/pages/mail-log-page'));
const AnalyticsPage = lazy(() => import('@/features/admin/analytics/pages/analytics-page'));
const AdminPrivacyPage = lazy(() => import('@/features/admin/privacy/pages/privacy-page'));
// The waitlist with the privacy area's erasure in its member dialog: composed in app/ (two admin areas).
const AdminWaitlistPage = lazy(() => import('@/app/pages/admin-waitlist-page'));
const AdminBroadcastsPage = lazy(() => import('@/features/admin/broadcasts/pages/broadcasts-page'));
const AdminRewardsPage = lazy(() => import('@/features/admin/rewards/pages/rewards-page'));
const StaffPage = lazy(() => import('@/features/admin/staff/pages/staff-page'));
const AuditLogPage = lazy(() => import('@/features/admin/audit/pages/audit-log-page'));
const IntegrationsPage = lazy(() => import('@/features/admin/integrations/pages/integrations-page'));

/** /download has the source tag 'direct' (spec: "tag defaults to 'direct'"); the query (platform) is kept. */
function DownloadDirectRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/download/direct', search }} replace />;
}

const title = (value: RouteHandle['title']): RouteHandle => ({ title: value });
/** A page of the site's route table (config/site-pages.ts): its path and its title, as the server has them. */
const page = (name: SitePageName) => ({ path: SITE_PAGES[name].path, handle: title(SITE_PAGES[name].title) });
/** A staff page and the permission its role needs (else the admin frame says the role can't open it). */
const adminPage = (name: SitePageName, permission: StaffPermission) => ({
  path: SITE_PAGES[name].path,
  handle: { title: SITE_PAGES[name].title, permission } satisfies AdminRouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { index: true, element: <HomePage />, handle: title(SITE_PAGES.home.title) },
          { ...page('downloadDirect'), element: <DownloadDirectRedirect /> },
          { ...page('download'), element: <DownloadPage /> },
          { ...page('privacyPolicy'), element: <PrivacyPolicyPage /> },
          { ...page('termsOfService'), element: <TermsOfServicePage /> },
          { ...page('about'), element: <AboutPage /> },
          { ...page('ourVision'), element: <OurVisionPage /> },
          { ...page('resources'), element: <ResourcesPage /> },
          { ...page('resourceArticle'), element: <ResourceArticlePage /> },
          { ...page('resourcePreview'), element: <ResourcePreviewPage /> },
          { ...page('contact'), element: <ContactPage /> },
          { ...page('unsubscribe'), element: <UnsubscribePage /> },
          { ...page('privacyRequest'), element: <PrivacyRequestPage /> },
          { ...page('adminLogin'), element: <AdminLoginPage /> },
          { ...page('adminInvitation'), element: <AdminInvitationPage /> },
          { ...page('notFound'), element: <NotFoundPage /> },
        ],
      },
      {
        element: <FunnelLayout />,
        children: [
          { ...page('shotAnalysis'), element: <ShotAnalysisPage /> },
          { ...page('hbfForm'), element: <ShotFormPage kind="hbf" /> },
          { ...page('hbfFeedback'), element: <ShotFeedbackPage kind="hbf" /> },
          { ...page('shotForm'), element: <ShotFormPage kind="shot" /> },
          { ...page('shotFeedback'), element: <ShotFeedbackPage kind="shot" /> },
        ],
      },
      {
        // Every staff page is in the route table; any other /admin/... falls to the not-found page.
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { index: true, handle: page('adminDashboard').handle, element: <AdminDashboardPage /> },
          { ...adminPage('adminEarlyAccess', 'codes'), element: <EarlyAccessPage /> },
          { ...adminPage('adminCreatorCodes', 'codes'), element: <CreatorCodesPage /> },
          { ...adminPage('adminEmails', 'mail-log'), element: <MailLogPage /> },
          { ...adminPage('adminAnalytics', 'report'), element: <AnalyticsPage /> },
          { ...adminPage('adminPrivacy', 'privacy'), element: <AdminPrivacyPage /> },
          { ...adminPage('adminWaitlist', 'waitlist'), element: <AdminWaitlistPage /> },
          { ...adminPage('adminBroadcasts', 'announcements'), element: <AdminBroadcastsPage /> },
          { ...adminPage('adminRewards', 'announcements'), element: <AdminRewardsPage /> },
          { ...adminPage('adminResources', 'resources'), element: <AdminResourcesPage /> },
          { ...adminPage('adminResourceNew', 'resources'), element: <AdminResourceEditorPage /> },
          { ...adminPage('adminResourceEdit', 'resources'), element: <AdminResourceEditorPage /> },
          { ...adminPage('adminResource', 'resources'), element: <AdminResourceEditorPage /> },
          { ...adminPage('adminStaff', 'staff'), element: <StaffPage /> },
          { ...adminPage('adminAudit', 'audit'), element: <AuditLogPage /> },
          { ...adminPage('adminIntegrations', 'integrations'), element: <IntegrationsPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
