import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout, RedirectIfAuthed, RequireAuth, RequireProvider } from '@slotwise/feature-shell';

// Every screen is its own chunk: only the shell is in the initial bundle.
const HomePage = lazy(() => import('@slotwise/feature-home').then((m) => ({ default: m.HomePage })));
const AuthPage = lazy(() => import('@slotwise/feature-auth').then((m) => ({ default: m.AuthPage })));
const CategoriesPage = lazy(() => import('@slotwise/feature-categories').then((m) => ({ default: m.CategoriesPage })));
const CategoryPage = lazy(() => import('@slotwise/feature-categories').then((m) => ({ default: m.CategoryPage })));
const ServicesPage = lazy(() => import('@slotwise/feature-services').then((m) => ({ default: m.ServicesPage })));
const DemoServicesPage = lazy(() => import('@slotwise/feature-services').then((m) => ({ default: m.DemoServicesPage })));
const ProfilePage = lazy(() => import('@slotwise/feature-profile').then((m) => ({ default: m.ProfilePage })));
const HelpPage = lazy(() => import('@slotwise/feature-help').then((m) => ({ default: m.HelpPage })));
const BookingPage = lazy(() => import('@slotwise/feature-booking').then((m) => ({ default: m.BookingPage })));
const ReschedulePage = lazy(() => import('@slotwise/feature-reschedule').then((m) => ({ default: m.ReschedulePage })));
const CalendarPage = lazy(() => import('@slotwise/feature-calendar').then((m) => ({ default: m.CalendarPage })));
const MyAppointmentsPage = lazy(() => import('@slotwise/feature-my-appointments').then((m) => ({ default: m.MyAppointmentsPage })));
const ProviderDashboardPage = lazy(() => import('@slotwise/feature-my-services').then((m) => ({ default: m.ProviderDashboardPage })));
const AddServicePage = lazy(() => import('@slotwise/feature-add-service').then((m) => ({ default: m.AddServicePage })));
const ProviderServicesPage = lazy(() => import('@slotwise/feature-provider-services').then((m) => ({ default: m.ProviderServicesPage })));
const LeaveReviewPage = lazy(() => import('@slotwise/feature-leave-review').then((m) => ({ default: m.LeaveReviewPage })));
const DashboardPage = lazy(() => import('@slotwise/feature-dashboard').then((m) => ({ default: m.DashboardPage })));

const auth = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;
const provider = (el: ReactNode) => <RequireProvider>{el}</RequireProvider>;

/** The routes of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<RedirectIfAuthed><AuthPage key="login" mode="login" /></RedirectIfAuthed>} />
        <Route path="register" element={<RedirectIfAuthed><AuthPage key="register" mode="register" /></RedirectIfAuthed>} />
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
        <Route path="my-services" element={auth(<ProviderDashboardPage />)} />
        <Route path="leave-review" element={<LeaveReviewPage />} />

        <Route path="add-service" element={provider(<AddServicePage />)} />
        <Route path="provider-services" element={provider(<ProviderServicesPage />)} />

        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
