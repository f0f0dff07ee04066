import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '@slotwise/shared-data-access';
import { Spinner } from '@slotwise/shared-ui';
import { Layout, RedirectIfAuthed, RequireAuth, RequireProvider } from '@slotwise/shell-feature';
import { NavSearch } from '@slotwise/catalog-ui';

// Every screen is its own chunk: only the shell is in the initial bundle.
const CustomerHome = lazy(() => import('@slotwise/shell-feature-pages').then((m) => ({ default: m.CustomerHome })));
const HelpPage = lazy(() => import('@slotwise/shell-feature-pages').then((m) => ({ default: m.HelpPage })));
const ProviderHome = lazy(() => import('@slotwise/provider-feature-home').then((m) => ({ default: m.ProviderHome })));
const AuthPage = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.VerifyEmailPage })));
const UnsubscribePage = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.UnsubscribePage })));
const VerifyEmailBanner = lazy(() => import('@slotwise/account-feature-auth').then((m) => ({ default: m.VerifyEmailBanner })));
const ProfilePage = lazy(() => import('@slotwise/account-feature-profile').then((m) => ({ default: m.ProfilePage })));
const CategoriesPage = lazy(() => import('@slotwise/catalog-feature-browse').then((m) => ({ default: m.CategoriesPage })));
const CategoryPage = lazy(() => import('@slotwise/catalog-feature-browse').then((m) => ({ default: m.CategoryPage })));
const ServicesPage = lazy(() => import('@slotwise/catalog-feature-browse').then((m) => ({ default: m.ServicesPage })));
const DemoServicesPage = lazy(() => import('@slotwise/catalog-feature-browse').then((m) => ({ default: m.DemoServicesPage })));
const BookingPage = lazy(() => import('@slotwise/booking-feature-book').then((m) => ({ default: m.BookingPage })));
const MyAppointmentsPage = lazy(() => import('@slotwise/booking-feature-appointments').then((m) => ({ default: m.MyAppointmentsPage })));
const ReschedulePage = lazy(() => import('@slotwise/booking-feature-appointments').then((m) => ({ default: m.ReschedulePage })));
const LeaveReviewPage = lazy(() => import('@slotwise/booking-feature-appointments').then((m) => ({ default: m.LeaveReviewPage })));
const CalendarPage = lazy(() => import('@slotwise/booking-feature-calendar').then((m) => ({ default: m.CalendarPage })));
const DashboardPage = lazy(() => import('@slotwise/booking-feature-dashboard').then((m) => ({ default: m.DashboardPage })));
const ProviderDashboardPage = lazy(() => import('@slotwise/provider-feature-dashboard').then((m) => ({ default: m.ProviderDashboardPage })));
const AddServicePage = lazy(() => import('@slotwise/provider-feature-services').then((m) => ({ default: m.AddServicePage })));
const TeamPage = lazy(() => import('@slotwise/provider-feature-team').then((m) => ({ default: m.TeamPage })));
const AdminReportsPage = lazy(() => import('@slotwise/shell-feature-admin').then((m) => ({ default: m.AdminReportsPage })));
const ProviderServicesPage = lazy(() => import('@slotwise/provider-feature-services').then((m) => ({ default: m.ProviderServicesPage })));

/** '/': the provider home for providers, otherwise the customer home. */
function HomePage() {
  const { role, loadingUser } = useSession();
  if (loadingUser) return <div className="mx-auto max-w-6xl px-4"><Spinner /></div>;
  return role === 'provider' ? <ProviderHome /> : <CustomerHome />;
}

const auth = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;
const provider = (el: ReactNode) => <RequireProvider>{el}</RequireProvider>;

/** The routes of docs/product.md#screens-and-routes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout navSearch={<NavSearch />} banner={<VerifyEmailBanner />} />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<RedirectIfAuthed><AuthPage key="login" mode="login" /></RedirectIfAuthed>} />
        <Route path="register" element={<RedirectIfAuthed><AuthPage key="register" mode="register" /></RedirectIfAuthed>} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="categories/:slug" element={<CategoryPage />} />
        <Route path="demo-services" element={<DemoServicesPage />} />
        <Route path="help" element={<HelpPage />} />

        <Route path="book" element={auth(<BookingPage />)} />
        <Route path="appointments" element={auth(<BookingPage />)} />
        <Route path="reschedule" element={auth(<ReschedulePage />)} />
        <Route path="dashboard" element={auth(<DashboardPage />)} />
        <Route path="profile" element={auth(<ProfilePage />)} />
        <Route path="calendar" element={auth(<CalendarPage />)} />
        <Route path="my-appointments" element={auth(<MyAppointmentsPage />)} />
        <Route path="leave-review" element={<LeaveReviewPage />} />
        <Route path="admin/reports" element={auth(<AdminReportsPage />)} />

        <Route path="my-services" element={provider(<ProviderDashboardPage />)} />
        <Route path="add-service" element={provider(<AddServicePage />)} />
        <Route path="provider-services" element={provider(<ProviderServicesPage />)} />
        <Route path="team" element={provider(<TeamPage />)} />

        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
