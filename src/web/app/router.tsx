import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import { AppLayout } from './app-layout';
import { RouteErrorBoundary } from './error-boundary';
import { GuestOnly, RequireAuth, ScrollToTop } from './guards';
import LandingRoute from '../routes/landing';

const PrivacyRoute = lazy(() => import('../routes/privacy'));
const TermsRoute = lazy(() => import('../routes/terms'));
const AboutDataRoute = lazy(() => import('../routes/about-data'));
const SigninRoute = lazy(() => import('../routes/auth/signin'));
const SignupRoute = lazy(() => import('../routes/auth/signup'));
const AccountConfirmationRoute = lazy(() => import('../routes/auth/account-confirmation'));
const CallbackRoute = lazy(() => import('../routes/auth/callback'));
const ResetPasswordRoute = lazy(() => import('../routes/auth/reset-password'));
const CreateRoute = lazy(() => import('../routes/create'));
const ProductReviewRoute = lazy(() => import('../routes/product-review'));
const LibraryRoute = lazy(() => import('../routes/library'));
const AccountRoute = lazy(() => import('../routes/account'));
const ErrorPageRoute = lazy(() => import('../routes/error-page'));
const BillingSuccessRoute = lazy(() => import('../routes/billing/success'));
const BillingCanceledRoute = lazy(() => import('../routes/billing/canceled'));
const SandboxCheckoutRoute = lazy(() => import('../routes/sandbox-checkout'));

function Root() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** `/`: signed-in users go to /create, everyone else sees the landing page. */
function Home() {
  const session = useSession();
  if (session.isPending) return <PageSpinner />;
  if (session.data) return <Navigate to="/create" replace />;
  return <LandingRoute />;
}

const guest = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/privacy', element: <PrivacyRoute /> },
      { path: '/terms', element: <TermsRoute /> },
      { path: '/about-data', element: <AboutDataRoute /> },
      { path: '/auth/signin', element: guest(<SigninRoute />) },
      { path: '/auth/signup', element: guest(<SignupRoute />) },
      { path: '/auth/account-confirmation', element: guest(<AccountConfirmationRoute />) },
      { path: '/auth/callback', element: <CallbackRoute /> },
      { path: '/auth/reset-password', element: <ResetPasswordRoute /> },
      { path: '/generated', element: <Navigate to="/productlibrary" replace /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/create', element: <CreateRoute /> },
          { path: '/productlibrary', element: <ProductReviewRoute /> },
          { path: '/library', element: <LibraryRoute /> },
          { path: '/account', element: <AccountRoute /> },
          { path: '/error', element: <ErrorPageRoute /> },
          { path: '/billing/success', element: <BillingSuccessRoute /> },
          { path: '/billing/canceled', element: <BillingCanceledRoute /> },
        ],
      },
      {
        // Stands in for the payment provider's own page: no app sidebar.
        path: '/sandbox/checkout/:sessionId',
        element: (
          <RequireAuth>
            <SandboxCheckoutRoute />
          </RequireAuth>
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
