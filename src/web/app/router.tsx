import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { firstScreenReads } from '#domain/api/first-screen-reads';
import { startEarlyRequests } from '../lib/early-requests';
import { registerScreenPreloads } from '../lib/screen-preload';
import { RouteErrorBoundary } from './error-boundary';
import { preloadable } from './preloadable';
import { evaluatePreloadedChunks } from './preloaded-chunks';
import { ScrollToTop } from './scroll-to-top';

// Every screen is its own chunk: the landing page loads none of the signed-in app's code. The
// query cache, the toaster and the session guards load with the first screen that needs them.
const loadLanding = () => import('../routes/landing');
const LandingRoute = lazy(loadLanding);
const loadGuards = () => import('./guards');
const { Component: RequireAuth, preload: loadRequireAuth } = preloadable(() =>
  loadGuards().then((module) => ({ default: module.RequireAuth })),
);
const { Component: GuestOnly, preload: loadGuestOnly } = preloadable(() =>
  loadGuards().then((module) => ({ default: module.GuestOnly })),
);
// The guards (with the session query) are fetched beside the providers, not after them.
const { Component: AppProviders, preload: loadProviders } = preloadable(() => {
  void loadRequireAuth();
  return import('./app-providers');
});
const { Component: AppLayout, preload: loadAppLayout } = preloadable(() =>
  import('./app-layout').then((module) => ({ default: module.AppLayout })),
);
const LandingGeneratedRoute = lazy(() => import('../routes/landing-generated'));
const PrivacyRoute = lazy(() => import('../routes/privacy'));
const TermsRoute = lazy(() => import('../routes/terms'));
const AboutDataRoute = lazy(() => import('../routes/about-data'));
const { Component: SigninRoute, preload: loadSignin } = preloadable(
  () => import('../routes/auth/signin'),
);
const { Component: SignupRoute, preload: loadSignup } = preloadable(
  () => import('../routes/auth/signup'),
);
const AccountConfirmationRoute = lazy(() => import('../routes/auth/account-confirmation'));
const CallbackRoute = lazy(() => import('../routes/auth/callback'));
const ResetPasswordRoute = lazy(() => import('../routes/auth/reset-password'));
const { Component: CreateRoute, preload: loadCreate } = preloadable(
  () => import('../routes/create'),
);
const { Component: ProductReviewRoute, preload: loadProductReview } = preloadable(
  () => import('../routes/product-review'),
);
const { Component: LibraryRoute, preload: loadLibrary } = preloadable(
  () => import('../routes/library'),
);
const { Component: AccountRoute, preload: loadAccount } = preloadable(
  () => import('../routes/account'),
);
const ErrorPageRoute = lazy(() => import('../routes/error-page'));
const BillingSuccessRoute = lazy(() => import('../routes/billing/success'));
const BillingCanceledRoute = lazy(() => import('../routes/billing/canceled'));
const SandboxCheckoutRoute = lazy(() => import('../routes/sandbox-checkout'));
const SandboxShopifyRoute = lazy(() => import('../routes/sandbox-shopify'));
const SandboxShopifyAdminRoute = lazy(() => import('../routes/sandbox-shopify-admin'));
const SandboxWooCommerceRoute = lazy(() => import('../routes/sandbox-woocommerce'));
const SandboxWooCommerceAdminRoute = lazy(() => import('../routes/sandbox-woocommerce-admin'));
const SandboxEbayRoute = lazy(() => import('../routes/sandbox-ebay'));
const SandboxEbayListingsRoute = lazy(() => import('../routes/sandbox-ebay-listings'));

/**
 * Whether the page still shows the path the server served it for. The server sends a signed-in
 * visitor asking for `/` to /create (src/server/http/static-site.ts), so while this holds `/`
 * needs no session.
 */
const documentLoad = { servedHome: window.location.pathname === '/' };
/**
 * The signed-in screens' code, by path, for a document loaded on one of them, and for a screen
 * about to be shown (lib/screen-preload.ts).
 */
const signedInScreens: Record<string, () => Promise<unknown>> = {
  '/create': loadCreate,
  '/productlibrary': loadProductReview,
  '/library': loadLibrary,
  '/account': loadAccount,
};
registerScreenPreloads(signedInScreens);
/** The screens a visitor signs in or up on, for a document loaded on one of them. */
const guestScreens: Record<string, () => Promise<unknown>> = {
  '/auth/signin': loadSignin,
  '/auth/signup': loadSignup,
};

/**
 * The code the page's first screen needs, fetched at once and side by side: every page but the
 * landing page needs the providers and guards; a signed-in screen its frame and its own code
 * too, sign-in and sign-up their own code. The page preloads them, and they are run one chunk
 * per task before they are asked for here. The app's first render waits for them (main.tsx), so
 * it renders the screen (or the guard's spinner while the session is asked) without suspending
 * and waiting again.
 */
export function loadFirstScreen(): Promise<unknown> {
  if (documentLoad.servedHome) return Promise.resolve();
  const { pathname } = window.location;
  const signedIn = signedInScreens[pathname];
  const guest = guestScreens[pathname];
  if (signedIn || guest) startEarlyRequests(firstScreenReads(pathname));
  const screen = () =>
    signedIn ? [loadAppLayout(), signedIn()] : guest ? [loadGuestOnly(), guest()] : [];
  return evaluatePreloadedChunks().then(() => Promise.all([loadProviders(), ...screen()]));
}

/** `/`: signed-in users go to /create, everyone else sees the landing page. */
function Home() {
  if (documentLoad.servedHome) return <LandingRoute />;
  // Reached within the app (a link, signing out, Back): the session decides, as on other screens.
  // The landing page is fetched while the session is asked for, not after it answers.
  void loadLanding();
  return (
    <AppProviders>
      <GuestOnly>
        <LandingRoute />
      </GuestOnly>
    </AppProviders>
  );
}

const guest = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

/**
 * The app's screens. Declarative routes (`<Routes>` under `<BrowserRouter>`), not a data router:
 * no screen uses loaders or actions, and the data router weighs 18 KB (gzip) more on every first
 * load (docs/decisions/017-first-load-budget.md).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== '/') documentLoad.servedHome = false;
  }, [pathname]);
  return (
    // Keyed by path: moving to another page leaves an error screen behind.
    <RouteErrorBoundary key={pathname}>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route element={<AppProviders />}>
            <Route path="/landing-generated" element={<LandingGeneratedRoute />} />
            <Route path="/privacy" element={<PrivacyRoute />} />
            <Route path="/terms" element={<TermsRoute />} />
            <Route path="/about-data" element={<AboutDataRoute />} />
            <Route path="/auth/signin" element={guest(<SigninRoute />)} />
            <Route path="/auth/signup" element={guest(<SignupRoute />)} />
            <Route
              path="/auth/account-confirmation"
              element={guest(<AccountConfirmationRoute />)}
            />
            <Route path="/auth/callback" element={<CallbackRoute />} />
            <Route path="/auth/reset-password" element={<ResetPasswordRoute />} />
            <Route path="/generated" element={<Navigate to="/productlibrary" replace />} />
            <Route
              element={
                <RequireAuth>
                  <AppLayout />
                </RequireAuth>
              }
            >
              <Route path="/create" element={<CreateRoute />} />
              <Route path="/productlibrary" element={<ProductReviewRoute />} />
              <Route path="/library" element={<LibraryRoute />} />
              <Route path="/account" element={<AccountRoute />} />
              <Route path="/error" element={<ErrorPageRoute />} />
              <Route path="/billing/success" element={<BillingSuccessRoute />} />
              <Route path="/billing/canceled" element={<BillingCanceledRoute />} />
            </Route>
            {/* Stands in for the payment provider's own page: no app sidebar. */}
            <Route
              path="/sandbox/checkout/:sessionId"
              element={
                <RequireAuth>
                  <SandboxCheckoutRoute />
                </RequireAuth>
              }
            />
            {/* Stands in for Shopify's install page while no Shopify app is configured. */}
            <Route
              path="/sandbox/shopify/authorize"
              element={
                <RequireAuth>
                  <SandboxShopifyRoute />
                </RequireAuth>
              }
            />
            {/* Stands in for Shopify's admin: what was published to a sandbox store. */}
            <Route
              path="/sandbox/shopify/:shop/admin/products"
              element={
                <RequireAuth>
                  <SandboxShopifyAdminRoute />
                </RequireAuth>
              }
            />
            {/* Stand in for a WooCommerce store's approval page and admin (WOOCOMMERCE_STORES=sandbox). */}
            <Route
              path="/sandbox/woocommerce/authorize"
              element={
                <RequireAuth>
                  <SandboxWooCommerceRoute />
                </RequireAuth>
              }
            />
            <Route
              path="/sandbox/woocommerce/admin"
              element={
                <RequireAuth>
                  <SandboxWooCommerceAdminRoute />
                </RequireAuth>
              }
            />
            {/* Stand in for eBay's consent page and the seller's listings (no eBay keyset). */}
            <Route
              path="/sandbox/ebay/authorize"
              element={
                <RequireAuth>
                  <SandboxEbayRoute />
                </RequireAuth>
              }
            />
            <Route
              path="/sandbox/ebay/listings"
              element={
                <RequireAuth>
                  <SandboxEbayListingsRoute />
                </RequireAuth>
              }
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
