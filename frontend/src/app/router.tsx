import { lazy } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { AdminLayout } from '@/app/admin-layout';
import { FunnelLayout } from '@/components/layouts/funnel-layout';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { RootLayout, type RouteHandle } from '@/components/layouts/root-layout';
import { RouteError } from '@/components/layouts/route-error';

// Every screen is its own chunk, so a visitor of the home page never downloads the admin
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
const ResourcesPage = lazy(() => import('@/features/resources/pages/resources-page'));
const ResourceArticlePage = lazy(() => import('@/features/resources/pages/resource-article-page'));
const AdminLoginPage = lazy(() => import('@/features/admin/pages/admin-login-page'));

// Funnel (bare)
const ShotAnalysisPage = lazy(() => import('@/features/waitlist/pages/shotanalysis-page'));
const ShotFormPage = lazy(() => import('@/features/events/pages/shot-form-page'));
const ShotFeedbackPage = lazy(() => import('@/features/events/pages/shot-feedback-page'));

// Admin (own layout)
const AdminDashboardPage = lazy(() => import('@/features/admin/pages/admin-dashboard-page'));
const EarlyAccessPage = lazy(() => import('@/features/admin/pages/early-access-page'));
const CreatorCodesPage = lazy(() => import('@/features/admin/pages/creator-codes-page'));
const AdminResourcesPage = lazy(() => import('@/features/admin/pages/admin-resources-page'));
const AdminResourceEditorPage = lazy(() => import('@/features/admin/pages/admin-resource-editor-page'));
const MailLogPage = lazy(() => import('@/features/admin/pages/mail-log-page'));

/** /download has the source tag 'direct' (spec: "tag defaults to 'direct'"); the query (platform) is kept. */
function DownloadDirectRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/download/direct', search }} replace />;
}

const title = (value: RouteHandle['title']): RouteHandle => ({ title: value });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'download', element: <DownloadDirectRedirect /> },
          { path: 'download/:tag', element: <DownloadPage />, handle: title('Download the App') },
          { path: 'privacy-policy', element: <PrivacyPolicyPage />, handle: title('Privacy Policy') },
          { path: 'terms-of-service', element: <TermsOfServicePage />, handle: title('Terms of Service') },
          { path: 'about', element: <AboutPage />, handle: title('About Us') },
          { path: 'our-vision', element: <OurVisionPage />, handle: title('Our Vision') },
          { path: 'resources', element: <ResourcesPage />, handle: title('Resources') },
          { path: 'resources/:slug', element: <ResourceArticlePage />, handle: title('Resources') },
          { path: 'contact', element: <ContactPage />, handle: title('Contact Us') },
          { path: 'admin/login', element: <AdminLoginPage />, handle: title('Admin Login') },
          { path: '*', element: <NotFoundPage />, handle: title('Page Not Found') },
        ],
      },
      {
        element: <FunnelLayout />,
        children: [
          { path: 'shotanalysis', element: <ShotAnalysisPage />, handle: title('Join the Waitlist') },
          { path: 'hbf/:code', element: <ShotFormPage kind="hbf" />, handle: title('Get Your Shot Analysis') },
          { path: 'hbf-feedback/:code', element: <ShotFeedbackPage kind="hbf" />, handle: title('Your Shot Analysis') },
          { path: 'shot/:code', element: <ShotFormPage kind="shot" />, handle: title('Get Your Shot Analysis') },
          { path: 'shot-feedback/:code', element: <ShotFeedbackPage kind="shot" />, handle: title('Your Shot Analysis') },
        ],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        handle: title('Admin'),
        children: [
          { index: true, element: <AdminDashboardPage />, handle: title('Admin Dashboard') },
          { path: 'early-access', element: <EarlyAccessPage />, handle: title('Early Access') },
          { path: 'creator-codes', element: <CreatorCodesPage />, handle: title('Creator Codes') },
          { path: 'emails', element: <MailLogPage />, handle: title('Mail Log') },
          { path: 'resources', element: <AdminResourcesPage />, handle: title('Manage Resources') },
          { path: 'resources/new', element: <AdminResourceEditorPage />, handle: title('New Resource') },
          { path: 'resources/edit/:id', element: <AdminResourceEditorPage />, handle: title('Edit Resource') },
          {
            // The editor is also reached at /admin/resources/:id, where 'new' means creating.
            path: 'resources/:id',
            element: <AdminResourceEditorPage />,
            handle: title((params) => (params.id === 'new' ? 'New Resource' : 'Edit Resource')),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
