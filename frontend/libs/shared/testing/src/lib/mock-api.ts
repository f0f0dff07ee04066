// One in-memory API for every component and page spec: MSW answers the app's requests from
// this state the way the gateway would, typed by the generated contract. A spec seeds what its
// case needs (mockApi.signIn, mockApi.services = …) and swaps in a single endpoint's failure
// with server.use(…); every request is recorded for assertions.
import { http, HttpResponse, type DefaultBodyType, type PathParams, type StrictRequest } from 'msw';
import type {
  AppNotification,
  ProviderAnalytics,
  Appointment,
  AppointmentListResponse,
  AppointmentResponse,
  AppointmentStatus,
  AvailabilityResponse,
  BookingRequest,
  CreateReviewRequest,
  CreateReviewResponse,
  DayAvailability,
  DecideReportsResponse,
  DeleteServiceResponse,
  ErrorBody,
  LoginRequest,
  LoginResponse,
  MarkAllReadResponse,
  MarkReadResponse,
  NotificationListResponse,
  ProfileResponse,
  ProfileUpdateRequest,
  RegisterResponse,
  ReportListResponse,
  ReportReviewResponse,
  Review,
  ReviewListResponse,
  ProviderReviewListResponse,
  ReviewReport,
  ReviewResponse,
  Schedule,
  ScheduleResponse,
  Service,
  ServiceListResponse,
  ServiceMutationResponse,
  ServiceRequest,
  ServiceResponse,
  Stats,
  StatsResponse,
  StaffClosureRequest,
  StaffCreateRequest,
  StaffDeleteResponse,
  StaffListResponse,
  StaffMember,
  StaffResponse,
  StaffUpdateRequest,
  User,
  UserRoleResponse,
} from '@slotwise/shared-contract';
import { anAnalytics, anAppointment, aService, aReview, aStaffMember, istInstant } from './fixtures';

/** The token the mock API hands out and accepts. */
export const TEST_TOKEN = 'test-token';
/** The refresh token the mock API hands out and renews. */
export const TEST_REFRESH_TOKEN = 'test-refresh-token';

export interface RecordedRequest {
  method: string;
  /** path and query under the API's /api, e.g. '/services?category=Others' */
  path: string;
  headers: Headers;
  body: unknown;
}

interface State {
  /** the signed-in user (GET /auth/profile); null: every signed-in call is 401 */
  user: User | null;
  /** the password that logs `user` in */
  password: string;
  services: Service[];
  appointments: Appointment[];
  reviews: Review[];
  /** the signed-in user's notifications, newest first */
  notifications: AppNotification[];
  /** GET /services/{id}/availability by service id */
  availability: Map<string, DayAvailability[]>;
  /** GET /providers/me/analytics by days (7, 30, 90); a period not set answers all zeros */
  analytics: Map<number, ProviderAnalytics>;
  /** GET /providers/me/schedule: the signed-in provider's queue and days off */
  schedule: Schedule;
  /** GET /stats (the home page's figures) */
  stats: Stats;
  /** GET /reviews/reports: the operator's queue; POST …/decision removes an entry */
  reports: ReviewReport[];
  /** GET /providers/me/staff: the signed-in provider's team, owner first */
  staff: StaffMember[];
  /**
   * GET /appointments and /appointments/provider answer a page of `size` (the server: 50), from
   * `windowStart` on (the server: 30 days back; null: from the first), with nextCursor and
   * earlierCursor as the server's.
   */
  appointmentPages: { size: number; windowStart: Date | null };
  /** GET /reviews/service/{id}, /reviews/provider and /reviews/reports answer pages of this many (the server: 20) */
  reviewPageSize: number;
  /** GET /services/provider answers pages of this many (the server: 50) */
  servicePageSize: number;
  requests: RecordedRequest[];
}

const fresh = (): State => ({
  user: null,
  password: 'secret1',
  services: [],
  appointments: [],
  reviews: [],
  notifications: [],
  availability: new Map(),
  analytics: new Map(),
  schedule: { queueOpen: true, closures: [] },
  stats: { bookings: 0, businesses: 0, averageRating: 0, ratingCount: 0, completedShare: 0 },
  reports: [],
  staff: [],
  appointmentPages: { size: 50, windowStart: null },
  reviewPageSize: 20,
  servicePageSize: 50,
  requests: [],
});

const state: State = fresh();

/**
 * A page of list as booking-svc answers it: soonest first; no cursor: the window's first page;
 * cursor "a:<n>" the page after position n of the order, "b:<n>" the page before it.
 */
function appointmentPage(request: Request, list: Appointment[]) {
  const sorted = [...list].sort((x, y) => x.startsAt.localeCompare(y.startsAt) || x._id.localeCompare(y._id));
  const { size, windowStart } = state.appointmentPages;
  const cursor = new URL(request.url).searchParams.get('cursor');
  let from: number;
  let to: number;
  if (!cursor) {
    from = windowStart ? sorted.findIndex((a) => new Date(a.startsAt) >= windowStart) : 0;
    if (from < 0) from = sorted.length;
    to = Math.min(from + size, sorted.length);
  } else {
    if (!/^[ab]:\d+$/.test(cursor)) return apiError(400, "This list's cursor is not valid: reload the list");
    const [dir, n] = [cursor.slice(0, 1), Number(cursor.slice(2))];
    [from, to] = dir === 'a' ? [n, Math.min(n + size, sorted.length)] : [Math.max(n - size, 0), n];
  }
  return HttpResponse.json<AppointmentListResponse>({
    success: true,
    appointments: sorted.slice(from, to),
    nextCursor: to < sorted.length ? `a:${to}` : '',
    earlierCursor: from > 0 ? `b:${from}` : '',
  });
}

/** The mock API's state, and helpers to seed it and read what was sent. */
export const mockApi = {
  get user() {
    return state.user;
  },
  set user(u: User | null) {
    state.user = u;
  },
  get services() {
    return state.services;
  },
  set services(s: Service[]) {
    state.services = s;
  },
  get appointments() {
    return state.appointments;
  },
  get reviewPageSize() {
    return state.reviewPageSize;
  },
  set reviewPageSize(n: number) {
    state.reviewPageSize = n;
  },
  get servicePageSize() {
    return state.servicePageSize;
  },
  set servicePageSize(n: number) {
    state.servicePageSize = n;
  },
  get appointmentPages() {
    return state.appointmentPages;
  },
  set appointmentPages(p: { size: number; windowStart: Date | null }) {
    state.appointmentPages = p;
  },
  set appointments(a: Appointment[]) {
    state.appointments = a;
  },
  get reviews() {
    return state.reviews;
  },
  set reviews(r: Review[]) {
    state.reviews = r;
  },
  get notifications() {
    return state.notifications;
  },
  set notifications(n: AppNotification[]) {
    state.notifications = n;
  },
  availability: {
    /** the days of a service; with `staffId`, what GET …/availability?staffId= answers (else the service's) */
    set: (serviceId: string, days: DayAvailability[], staffId = '') => state.availability.set(staffId ? `${serviceId}|${staffId}` : serviceId, days),
  },
  analytics: {
    set: (a: ProviderAnalytics) => state.analytics.set(a.days, a),
  },
  get staff() {
    return state.staff;
  },
  set staff(s: StaffMember[]) {
    state.staff = s;
  },
  get schedule() {
    return state.schedule;
  },
  set schedule(s: Schedule) {
    state.schedule = s;
  },
  get stats() {
    return state.stats;
  },
  set stats(v: Stats) {
    state.stats = v;
  },
  get reports() {
    return state.reports;
  },
  set reports(r: ReviewReport[]) {
    state.reports = r;
  },
  /** The user is signed in: the profile answers and the token is in local storage. */
  signIn(user: User, password = 'secret1') {
    state.user = user;
    state.password = password;
    localStorage.setItem('token', TEST_TOKEN);
  },
  /** Every request so far, oldest first. */
  get requests(): readonly RecordedRequest[] {
    return state.requests;
  },
  /** The requests with this method whose path (without the query) is `path`. */
  requestsTo(method: string, path: string): RecordedRequest[] {
    return state.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
  },
  reset() {
    Object.assign(state, fresh());
  },
};

/** The gateway's error body with its status (docs/architecture.md#rest-conventions). */
export function apiError(status: number, message: string) {
  return HttpResponse.json<ErrorBody>({ success: false, error: message, message }, { status });
}

const signedIn = (request: Request) => state.user !== null && request.headers.get('Authorization') === `Bearer ${TEST_TOKEN}`;
const unauthorized = () => apiError(401, 'Unauthorized');
const notFound = (what: string) => apiError(404, `${what} not found`);

async function record(request: StrictRequest<DefaultBodyType>): Promise<unknown> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  state.requests.push({ method: request.method, path: url.pathname.replace(/^\/api(?=\/)/, '') + url.search, headers: request.headers, body });
  return body;
}

const unread = () => state.notifications.filter((n) => n.unread).length;

function appointmentOf(id: string) {
  return state.appointments.find((a) => a._id === id);
}

function setStatus(id: string, status: AppointmentStatus, reason = '', by: 'customer' | 'provider' = 'provider') {
  const a = appointmentOf(id);
  if (!a) return notFound('Appointment');
  // As booking-svc: any change settles the wait for the provider; declining or cancelling keeps the reason.
  a.status = status;
  a.awaitingProvider = false;
  if (status === 'cancelled' || status === 'rejected') Object.assign(a, { reason, cancelledBy: by });
  return HttpResponse.json<AppointmentResponse>({ success: true, message: `Appointment ${status}`, appointment: a });
}

type Id = PathParams<'id'>;

/** catalog-svc's checks of a member (the contract's 400s), with its messages (docs/product.md#team-members). */
function staffRefusal(b: StaffCreateRequest, adding: boolean) {
  const name = (b.name ?? '').trim();
  if (!name || [...name].length > 80) return apiError(400, "Please enter the team member's name (1 to 80 characters)");
  if (b.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email)) return apiError(400, 'Please enter a valid email address for the team member');
  if ((b.serviceIds ?? []).some((id) => !state.services.some((s) => s._id === id))) return apiError(400, 'Choose services from your own list: one of them is not yours or no longer exists');
  const days = new Set<number>();
  for (const h of b.hours ?? []) {
    if (days.has(h.weekday ?? -1)) return apiError(400, 'Give each weekday at most one set of working hours');
    days.add(h.weekday ?? -1);
    if ((h.from ?? '') >= (h.to ?? '')) return apiError(400, 'Working hours must end after they start');
  }
  if (adding && state.staff.length >= 50) return apiError(409, 'You already have 50 team members: remove one first');
  return null;
}

/**
 * A page of reviewPageSize of `all` (newest first, as the server) for the request's cursor: "r:<n>"
 * starts at the n-th; any other is the server's 400.
 */
function reviewPage(request: Request, all: Review[]): { data: Review[]; nextCursor: string } | { error: Response } {
  const cursor = new URL(request.url).searchParams.get('cursor');
  if (cursor && !/^r:\d+$/.test(cursor)) return { error: apiError(400, "This list's cursor is not valid: reload the list") };
  const from = cursor ? Number(cursor.slice(2)) : 0;
  const to = Math.min(from + state.reviewPageSize, all.length);
  return { data: all.slice(from, to), nextCursor: to < all.length ? `r:${to}` : '' };
}

export const handlers = [
  // auth
  http.post<never, LoginRequest, LoginResponse | ErrorBody>('*/auth/login-with-role', async ({ request }) => {
    const body = (await record(request)) as LoginRequest;
    const u = state.user;
    if (!u || u.email !== body.email || state.password !== body.password) return apiError(401, 'Invalid email or password');
    if (u.role !== body.role) return apiError(403, `This account is registered as a ${u.role}`);
    return HttpResponse.json({ success: true, token: TEST_TOKEN, message: 'Login successful', user: u, refreshToken: TEST_REFRESH_TOKEN, expiresIn: 600 });
  }),
  // sessions (docs/product.md#sessions): the test refresh token always renews to the test token
  http.post('*/auth/refresh', async ({ request }) => {
    const body = (await record(request)) as { refreshToken?: string };
    if (body.refreshToken !== TEST_REFRESH_TOKEN || !state.user) return apiError(401, 'Your session has ended. Please log in again.');
    return HttpResponse.json({ success: true, token: TEST_TOKEN, refreshToken: TEST_REFRESH_TOKEN, expiresIn: 600, user: state.user });
  }),
  http.post('*/auth/logout', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true, message: 'Signed out.' });
  }),
  http.post('*/auth/logout-all', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    return HttpResponse.json({ success: true, message: 'Signed out everywhere. Other devices are signed out within 10 minutes. Your calendar address was changed too: copy the new one from your Calendar page.' });
  }),
  http.put('*/auth/password', async ({ request }) => {
    const body = (await record(request)) as { currentPassword?: string; newPassword?: string };
    if (!signedIn(request) || !state.user) return unauthorized();
    if (body.currentPassword !== state.password) return apiError(403, 'The current password is incorrect.');
    state.password = body.newPassword ?? '';
    return HttpResponse.json({ success: true, message: 'Password changed. Other devices are signed out within 10 minutes. Your calendar address was changed too: copy the new one from your Calendar page.' });
  }),
  http.post<never, DefaultBodyType, RegisterResponse>('*/auth/register', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true, message: 'Registration successful! Please log in.', user: state.user as User }, { status: 201 });
  }),
  http.get<PathParams<'email'>, never, UserRoleResponse | ErrorBody>('*/auth/user-role/:email', async ({ request, params }) => {
    await record(request);
    const u = state.user;
    return u && u.email === params.email ? HttpResponse.json({ success: true, role: u.role }) : notFound('User');
  }),
  http.get<never, never, ProfileResponse | ErrorBody>('*/auth/profile', async ({ request }) => {
    await record(request);
    if (!signedIn(request) || !state.user) return unauthorized();
    return HttpResponse.json({ success: true, message: '', user: state.user });
  }),
  http.put<never, ProfileUpdateRequest, ProfileResponse | ErrorBody>('*/auth/profile', async ({ request }) => {
    const body = (await record(request)) as ProfileUpdateRequest;
    if (!signedIn(request) || !state.user) return unauthorized();
    const { businessInfo, currentPassword, ...personal } = body;
    // As auth-svc: moving the account to another email needs the current password.
    if (personal.email && personal.email.toLowerCase() !== state.user.email?.toLowerCase() && !currentPassword) {
      return apiError(400, 'Please enter your current password to change your email.');
    }
    state.user = {
      ...state.user,
      ...personal,
      providerInfo: businessInfo && state.user.providerInfo ? { ...state.user.providerInfo, ...businessInfo } : state.user.providerInfo,
    } as User;
    return HttpResponse.json({ success: true, message: 'Profile updated', user: state.user });
  }),

  // catalog
  http.get<never, never, ServiceListResponse>('*/services', async ({ request }) => {
    await record(request);
    const q = new URL(request.url).searchParams;
    const category = q.get('category');
    const name = q.get('name')?.toLowerCase();
    // q: every word in the name or description (the server ranks; the mock keeps the order).
    const words = (q.get('q') ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const matches = state.services.filter(
      (s) =>
        s.isActive &&
        (!category || s.category === category) &&
        (!name || s.name.toLowerCase().includes(name)) &&
        words.every((w) => `${s.name} ${s.description}`.toLowerCase().includes(w)),
    );
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 24) || 24;
    return HttpResponse.json({ success: true, services: matches.slice(offset, offset + limit), total: matches.length, totalCapped: false, nextCursor: '' });
  }),
  // Like the server: a page of servicePageSize in the order of `services`; cursor "s:<n>" starts at the n-th.
  http.get<never, never, ServiceListResponse | ErrorBody>('*/services/provider', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const cursor = new URL(request.url).searchParams.get('cursor');
    if (cursor && !/^s:\d+$/.test(cursor)) return apiError(400, "This list's cursor is not valid: reload the list");
    const from = cursor ? Number(cursor.slice(2)) : 0;
    const to = Math.min(from + state.servicePageSize, state.services.length);
    const services = state.services.slice(from, to);
    return HttpResponse.json({ success: true, services, total: services.length, totalCapped: false, nextCursor: to < state.services.length ? `s:${to}` : '' });
  }),
  http.get<Id, never, ServiceResponse | ErrorBody>('*/services/:id', async ({ request, params }) => {
    await record(request);
    const s = state.services.find((x) => x._id === params.id);
    return s ? HttpResponse.json({ success: true, service: s }) : notFound('Service');
  }),
  http.post<never, ServiceRequest, ServiceMutationResponse | ErrorBody>('*/services', async ({ request }) => {
    const body = (await record(request)) as ServiceRequest;
    if (!signedIn(request)) return unauthorized();
    const s = aService({ ...body } as Partial<Service>);
    state.services.push(s);
    return HttpResponse.json({ success: true, data: s, message: 'Service created successfully' }, { status: 201 });
  }),
  http.patch<Id, Partial<ServiceRequest> & { isActive?: boolean }, ServiceMutationResponse | ErrorBody>('*/services/:id', async ({ request, params }) => {
    const body = (await record(request)) as Partial<Service>;
    if (!signedIn(request)) return unauthorized();
    const s = state.services.find((x) => x._id === params.id);
    if (!s) return notFound('Service');
    Object.assign(s, body);
    return HttpResponse.json({ success: true, data: s, message: 'Service updated successfully' });
  }),
  http.delete<Id, never, DeleteServiceResponse | ErrorBody>('*/services/:id', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    state.services = state.services.filter((x) => x._id !== params.id);
    return HttpResponse.json({ success: true, message: 'Service deleted successfully' });
  }),
  http.get<PathParams<'serviceId'>, never, AvailabilityResponse | ErrorBody>('*/services/:serviceId/availability', async ({ request, params }) => {
    await record(request);
    const id = String(params.serviceId);
    const staffId = new URL(request.url).searchParams.get('staffId') ?? '';
    // As catalog-svc: a member who does not perform the service is refused.
    const service = state.services.find((s) => s._id === id);
    if (staffId && service && !service.staff.some((m) => m._id === staffId)) return apiError(400, 'Choose a team member who offers this service');
    const days = (staffId && state.availability.get(`${id}|${staffId}`)) || state.availability.get(id) || [];
    return HttpResponse.json({ success: true, serviceId: id, timeZone: 'Asia/Kolkata', days });
  }),

  // reviews
  http.get<Id, never, ReviewListResponse | ErrorBody>('*/reviews/service/:id', async ({ request, params }) => {
    await record(request);
    const page = reviewPage(request, state.reviews.filter((r) => r.serviceId === params.id));
    return 'error' in page ? page.error : HttpResponse.json<ReviewListResponse>({ success: true, ...page });
  }),
  // Like the server: a page, and the count and average of every review.
  http.get<never, never, ProviderReviewListResponse | ErrorBody>('*/reviews/provider', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const page = reviewPage(request, state.reviews);
    if ('error' in page) return page.error;
    const count = state.reviews.length;
    const average = count ? state.reviews.reduce((n, r) => n + r.rating, 0) / count : 0;
    return HttpResponse.json<ProviderReviewListResponse>({ success: true, ...page, summary: { count, average } });
  }),
  http.post<never, CreateReviewRequest, CreateReviewResponse | ErrorBody>('*/reviews', async ({ request }) => {
    const body = (await record(request)) as CreateReviewRequest;
    if (!signedIn(request)) return unauthorized();
    const r = aReview({ appointmentId: body.appointmentId, rating: body.rating, comment: body.comment });
    state.reviews.push(r);
    return HttpResponse.json({ success: true, message: 'Review created', data: r }, { status: 201 });
  }),

  // replies, reports and the home page (docs/product.md#replies-and-reports)
  http.put<Id, { text?: string }, ReviewResponse | ErrorBody>('*/reviews/:id/reply', async ({ request, params }) => {
    const body = (await record(request)) as { text?: string };
    if (!signedIn(request)) return unauthorized();
    const r = state.reviews.find((x) => x._id === params.id);
    if (!r) return apiError(404, 'Review not found');
    const text = (body.text ?? '').trim();
    if (!text) return apiError(400, 'Please write a reply');
    if (text.length > 1000) return apiError(400, 'A reply can be at most 1,000 characters');
    const now = '2026-11-21T04:45:00Z';
    r.reply = { text, businessName: 'Acme Care', createdAt: r.reply?.createdAt ?? now, updatedAt: now };
    return HttpResponse.json({ success: true, message: 'Your reply is published', data: r });
  }),
  http.delete<Id, never, ReviewResponse | ErrorBody>('*/reviews/:id/reply', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const r = state.reviews.find((x) => x._id === params.id);
    if (!r?.reply) return apiError(404, 'This review has no reply');
    r.reply = null;
    return HttpResponse.json({ success: true, message: 'Your reply is removed', data: r });
  }),
  http.post<Id, { reason?: string }, ReportReviewResponse | ErrorBody>('*/reviews/:id/reports', async ({ request, params }) => {
    const body = (await record(request)) as { reason?: string };
    if (!signedIn(request)) return unauthorized();
    if (!body.reason) return apiError(400, 'Please choose a reason');
    if (mockApi.requestsTo('POST', `/reviews/${params.id}/reports`).length > 1)
      return apiError(409, 'You have already reported this review; an operator will look at it soon');
    return HttpResponse.json({ success: true, message: 'Thank you. An operator will look at this review.' }, { status: 201 });
  }),
  http.get<never, never, ReportListResponse | ErrorBody>('*/reviews/reports', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    if (!state.user?.operator) return apiError(403, 'Only operators can see and decide reported reviews');
    // Like the server: a page of reviewPageSize, the longest waiting (first in `reports`) first; cursor "q:<n>".
    const cursor = new URL(request.url).searchParams.get('cursor');
    if (cursor && !/^q:\d+$/.test(cursor)) return apiError(400, "This list's cursor is not valid: reload the list");
    const from = cursor ? Number(cursor.slice(2)) : 0;
    const to = Math.min(from + state.reviewPageSize, state.reports.length);
    return HttpResponse.json({ success: true, data: state.reports.slice(from, to), nextCursor: to < state.reports.length ? `q:${to}` : '' });
  }),
  http.post<Id, { decision?: string }, DecideReportsResponse | ErrorBody>('*/reviews/:id/decision', async ({ request, params }) => {
    const body = (await record(request)) as { decision?: string };
    if (!signedIn(request)) return unauthorized();
    if (!state.user?.operator) return apiError(403, 'Only operators can see and decide reported reviews');
    if (!state.reports.some((r) => r.review._id === params.id)) return apiError(409, 'This review has no open reports');
    state.reports = state.reports.filter((r) => r.review._id !== params.id);
    return HttpResponse.json({ success: true, message: body.decision === 'hide' ? 'The review is hidden' : 'The review stays up' });
  }),
  http.get<never, never, ReviewListResponse>('*/reviews/testimonials', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true, data: state.reviews.filter((r) => r.rating === 5), nextCursor: '' });
  }),
  http.get<never, never, StatsResponse>('*/stats', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ success: true, data: state.stats });
  }),

  // booking
  http.get<never, never, AppointmentListResponse | ErrorBody>('*/appointments', async ({ request }) => {
    await record(request);
    return signedIn(request) ? appointmentPage(request, state.appointments) : unauthorized();
  }),
  http.get<never, never, AppointmentListResponse | ErrorBody>('*/appointments/provider', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const staffId = new URL(request.url).searchParams.get('staffId');
    return appointmentPage(request, staffId ? state.appointments.filter((a) => a.staffId === staffId) : state.appointments);
  }),
  http.get<Id, never, AppointmentResponse | ErrorBody>('*/appointments/:id', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const a = appointmentOf(String(params.id));
    return a ? HttpResponse.json({ success: true, message: '', appointment: a }) : notFound('Appointment');
  }),
  http.post<never, BookingRequest, AppointmentResponse | ErrorBody>('*/appointments', async ({ request }) => {
    const body = (await record(request)) as BookingRequest;
    if (!signedIn(request)) return unauthorized();
    const service = state.services.find((s) => s._id === body.serviceId);
    // As booking-svc: a named member, or (anyone) the first who performs the service.
    const member = body.staffId ? service?.staff.find((m) => m._id === body.staffId) : service?.staff[0];
    if (body.staffId && !member) return apiError(400, 'Choose a team member who offers this service');
    const a = anAppointment({
      ...body,
      serviceName: service?.name ?? 'Dental check-up',
      status: 'pending',
      staffId: member?._id ?? '',
      staffName: member?.name ?? '',
    } as Partial<Appointment>);
    state.appointments.push(a);
    return HttpResponse.json({ success: true, message: 'Appointment booked', appointment: a }, { status: 201 });
  }),
  http.patch<Id, { status: AppointmentStatus; reason?: string }, AppointmentResponse | ErrorBody>('*/appointments/:id/status', async ({ request, params }) => {
    const body = (await record(request)) as { status: AppointmentStatus; reason?: string };
    return signedIn(request) ? setStatus(String(params.id), body.status, body.reason, 'customer') : unauthorized();
  }),
  http.patch<Id, { status: AppointmentStatus; reason?: string }, AppointmentResponse | ErrorBody>('*/appointments/:id/provider-status', async ({ request, params }) => {
    const body = (await record(request)) as { status: AppointmentStatus; reason?: string };
    return signedIn(request) ? setStatus(String(params.id), body.status, body.reason) : unauthorized();
  }),
  http.put<Id, { date: string; time: string; staffId?: string }, AppointmentResponse | ErrorBody>('*/appointments/:id/reschedule', async ({ request, params }) => {
    const body = (await record(request)) as { date: string; time: string; staffId?: string };
    if (!signedIn(request)) return unauthorized();
    const a = appointmentOf(String(params.id));
    if (!a) return notFound('Appointment');
    const service = state.services.find((s) => s._id === a.serviceId);
    const member = body.staffId && body.staffId !== 'any' ? service?.staff.find((m) => m._id === body.staffId) : undefined;
    if (member) Object.assign(a, { staffId: member._id, staffName: member.name });
    Object.assign(a, { date: body.date, time: body.time, startsAt: istInstant(body.date, body.time), status: 'scheduled' });
    return HttpResponse.json({ success: true, message: 'Appointment rescheduled successfully', appointment: a });
  }),

  http.put<Id, { staffId?: string }, AppointmentResponse | ErrorBody>('*/appointments/:id/staff', async ({ request, params }) => {
    const body = (await record(request)) as { staffId?: string };
    if (!signedIn(request)) return unauthorized();
    const a = appointmentOf(String(params.id));
    if (!a) return notFound('Appointment');
    const member = state.staff.find((m) => m._id === body.staffId && m.serviceIds.includes(a.serviceId));
    if (!member) return apiError(400, 'Choose a team member who offers this service');
    Object.assign(a, { staffId: member._id, staffName: member.name });
    return HttpResponse.json({ success: true, message: `Appointment reassigned to ${member.name}`, appointment: a });
  }),

  // the provider's team (docs/product.md#team-members)
  http.get<never, never, StaffListResponse | ErrorBody>('*/providers/me/staff', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    if (state.user?.role !== 'provider') return apiError(403, 'Only providers have a team');
    return HttpResponse.json({ success: true, data: state.staff });
  }),
  http.post<never, StaffCreateRequest, StaffResponse | ErrorBody>('*/providers/me/staff', async ({ request }) => {
    const body = (await record(request)) as StaffCreateRequest;
    if (!signedIn(request)) return unauthorized();
    const refused = staffRefusal(body, true);
    if (refused) return refused;
    const hours = (body.hours ?? []).map((h) => ({ weekday: h.weekday ?? 0, from: h.from ?? '', to: h.to ?? '' }));
    const m = aStaffMember({ name: (body.name ?? '').trim(), email: body.email ?? '', serviceIds: body.serviceIds ?? [], hours });
    state.staff.push(m);
    return HttpResponse.json({ success: true, data: m, message: 'Team member added' }, { status: 201 });
  }),
  http.patch<Id, StaffUpdateRequest, StaffResponse | ErrorBody>('*/providers/me/staff/:id', async ({ request, params }) => {
    const body = (await record(request)) as StaffUpdateRequest;
    if (!signedIn(request)) return unauthorized();
    const m = state.staff.find((x) => x._id === String(params.id));
    if (!m) return notFound('Team member');
    // As catalog-svc: an absent field, or an empty serviceIds or hours, keeps the member's.
    const serviceIds = body.serviceIds?.length ? body.serviceIds : m.serviceIds;
    const hours = body.hours?.length ? body.hours.map((h) => ({ weekday: h.weekday ?? 0, from: h.from ?? '', to: h.to ?? '' })) : m.hours;
    const refused = staffRefusal({ name: body.name ?? m.name, email: body.email, serviceIds, hours }, false);
    if (refused) return refused;
    Object.assign(m, { serviceIds, hours }, body.name !== undefined ? { name: body.name.trim() } : {}, body.email !== undefined ? { email: body.email.trim() } : {});
    return HttpResponse.json({ success: true, data: m, message: 'Team member updated' });
  }),
  http.delete<Id, never, StaffDeleteResponse | ErrorBody>('*/providers/me/staff/:id', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const m = state.staff.find((x) => x._id === String(params.id));
    if (!m) return notFound('Team member');
    if (m.isOwner) return apiError(409, 'The owner cannot be removed');
    state.staff = state.staff.filter((x) => x !== m);
    return HttpResponse.json({ success: true, message: 'Team member removed' });
  }),
  http.post<Id, StaffClosureRequest, StaffResponse | ErrorBody>('*/providers/me/staff/:id/closures', async ({ request, params }) => {
    const body = (await record(request)) as StaffClosureRequest;
    if (!signedIn(request)) return unauthorized();
    const m = state.staff.find((x) => x._id === String(params.id));
    if (!m) return notFound('Team member');
    const to = body.to || body.from;
    if (!body.from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(body.from) || to < body.from) return apiError(400, 'The last day off cannot be before the first');
    m.closures.push({ _id: `c${m.closures.length + 1}-${m._id}`, from: body.from, to, note: body.note ?? '' });
    return HttpResponse.json({ success: true, data: m, message: 'Days off saved' }, { status: 201 });
  }),
  http.delete<PathParams<'id' | 'closureId'>, never, StaffResponse | ErrorBody>('*/providers/me/staff/:id/closures/:closureId', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const m = state.staff.find((x) => x._id === String(params.id));
    if (!m) return notFound('Team member');
    m.closures = m.closures.filter((c) => c._id !== String(params.closureId));
    return HttpResponse.json({ success: true, data: m, message: 'Days reopened' });
  }),

  http.get<never, never, ProviderAnalytics | ErrorBody>('*/providers/me/analytics', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    if (state.user?.role !== 'provider') return apiError(403, 'Only providers can see analytics');
    // As booking-svc: days defaults to 30 and must be 7, 30 or 90.
    const days = Number(new URL(request.url).searchParams.get('days') ?? 30);
    if (![7, 30, 90].includes(days)) return apiError(400, 'days must be 7, 30 or 90');
    return HttpResponse.json(state.analytics.get(days) ?? anAnalytics(days));
  }),

  http.get<never, never, ScheduleResponse | ErrorBody>('*/providers/me/schedule', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    if (state.user?.role !== 'provider') return apiError(403, 'Only providers have a schedule');
    return HttpResponse.json({ success: true, data: state.schedule, message: '' });
  }),

  // notifications
  http.get<never, never, NotificationListResponse | ErrorBody>('*/notifications', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const n = state.notifications;
    return HttpResponse.json({ success: true, notifications: n, unreadCount: unread(), page: 1, limit: 20, total: n.length });
  }),
  http.patch<Id, never, MarkReadResponse | ErrorBody>('*/notifications/:id/read', async ({ request, params }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const n = state.notifications.find((x) => x._id === String(params.id));
    if (!n) return notFound('Notification');
    n.unread = false;
    return HttpResponse.json({ success: true, notification: n, unreadCount: unread() });
  }),
  http.post<never, never, MarkAllReadResponse | ErrorBody>('*/notifications/read-all', async ({ request }) => {
    await record(request);
    if (!signedIn(request)) return unauthorized();
    const marked = unread();
    state.notifications.forEach((n) => (n.unread = false));
    return HttpResponse.json({ success: true, marked, unreadCount: 0 });
  }),
];
