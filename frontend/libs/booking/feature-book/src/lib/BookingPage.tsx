import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Appointment, DayAvailability } from '@slotwise/shared-contract';
import { readToken, returnState, useSession } from '@slotwise/shared-data-access';
import {
  Button,
  buttonClass,
  ErrorBanner,
  Field,
  Input,
  Page,
  PageHeader,
  RatingInput,
  Spinner,
  Stars,
  SuccessBanner,
  Textarea,
  toast,
} from '@slotwise/shared-ui';
import { BUSINESS_TIME_ZONE, formatZonedDateTime, REVIEW_MESSAGES, validateReview, failureMessage } from '@slotwise/shared-util';
import { useAvailability } from '@slotwise/booking-data-access';
import { ANYONE_AVAILABLE, BookingSummary, dayOpen, firstOpenDay, ServiceSlotPicker, slotState, StaffChoice, type SlotRules, type SummaryService } from '@slotwise/booking-ui';
import { useBookAppointment, useService, useServiceReviews } from '../api/booking-api';
import { ServiceReview } from './ServiceReview';
import {
  BOOKING_MESSAGES,
  bookingFailedMessage,
  buildBookingPayload,
  emptyBookingForm,
  validateBooking,
  type BookingFormValues,
} from './booking-form';

/** /book?service=&serviceId= and /appointments (login required). */
export function BookingPage() {
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId');
  const serviceParam = params.get('service');
  if (!serviceId) {
    return (
      <Page>
        <PageHeader title={serviceParam ? `Book ${serviceParam}` : 'Book an Appointment'} />
        <ErrorBanner>{BOOKING_MESSAGES.noService}</ErrorBanner>
        <p className="mt-4">
          <Link to="/services" className={buttonClass('primary')}>
            Browse services
          </Link>
        </p>
      </Page>
    );
  }
  return <Booking serviceId={serviceId} serviceParam={serviceParam} />;
}

function Booking({ serviceId, serviceParam }: { serviceId: string; serviceParam: string | null }) {
  const { user, profileError, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const service = useService(serviceId);
  // The chosen day, slot and member live in the address too (&date=&time=&staff=), so a sign-in that interrupts
  // the booking comes back to them (docs/product.md#states-and-transitions).
  const [form, setForm] = useState<BookingFormValues>(() => ({
    ...emptyBookingForm(),
    staffId: params.get('staff') ?? '',
    date: params.get('date') ?? '',
    time: params.get('time') ?? '',
  }));
  const team = service.data?.staff ?? [];
  // A member the service no longer lists (removed, or a stale address) falls back to anyone.
  const staffId = team.some((m) => m._id === form.staffId) ? form.staffId : '';
  const availability = useAvailability(serviceId, undefined, undefined, staffId);
  const create = useBookAppointment();
  const [showReviews, setShowReviews] = useState(false);
  const reviews = useServiceReviews(serviceId, showReviews);
  useEffect(() => {
    if ((params.get('date') ?? '') === form.date && (params.get('time') ?? '') === form.time && (params.get('staff') ?? '') === form.staffId) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of [['date', form.date], ['time', form.time], ['staff', form.staffId]] as const) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  }, [form.date, form.time, form.staffId, params, setParams]);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);

  // Prefill from the profile once it arrives.
  const prefilled = useRef(false);
  useEffect(() => {
    if (user && !prefilled.current) {
      prefilled.current = true;
      setForm((f) => ({
        ...f,
        customerName: f.customerName || user.fullName,
        customerEmail: f.customerEmail || user.email,
        customerPhone: f.customerPhone || user.phoneNumber,
        customerAddress: f.customerAddress || user.address,
      }));
    }
  }, [user]);

  const days: DayAvailability[] = useMemo(() => availability.data?.days ?? [], [availability.data]);
  const timeZone = availability.data?.timeZone || BUSINESS_TIME_ZONE;
  const minNoticeMinutes = service.data?.minNoticeMinutes ?? 0;
  const rules: SlotRules = useMemo(() => ({ now, minNoticeMinutes }), [now, minNoticeMinutes]);
  const gone = availability.isSuccess && !days.some((d) => dayOpen(d, rules));
  const selectedDay = days.find((d) => d.date === form.date) ?? null;

  // Default to the first day with an open slot (also when the address names a day outside the window).
  useEffect(() => {
    if (days.length > 0 && !days.some((d) => d.date === form.date)) {
      const first = firstOpenDay(days, rules);
      if (first) setForm((f) => ({ ...f, date: first.date, time: '' }));
    }
  }, [days, form.date, rules]);

  // A slot that became unavailable (taken, or passed) is unselected.
  useEffect(() => {
    if (form.time && selectedDay) {
      const s = selectedDay.slots.find((x) => x.time === form.time);
      if (!s || !slotState(s, selectedDay, rules).open) setForm((f) => ({ ...f, time: '' }));
    }
  }, [selectedDay, form.time, rules]);

  const name = service.data?.name ?? serviceParam ?? 'Service';
  const set = (k: keyof BookingFormValues) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The token in local storage decides (docs/product.md#validation): it may have gone since the page opened.
    const msg = validateBooking(form, readToken() !== null);
    if (msg) {
      setError(msg);
      if (msg === BOOKING_MESSAGES.login) {
        toast.error(msg);
        signOut();
        navigate('/login', { replace: true, state: returnState(location) });
      }
      return;
    }
    // A second press while the first is under way adds nothing (it would carry the same key).
    if (create.isPending) return;
    create.book(buildBookingPayload(serviceId, { ...form, staffId }), {
      onSuccess: (r) => setBooked(r.appointment),
      onError: (err) => {
        setError(bookingFailedMessage(failureMessage(err, '')));
        void availability.refetch();
        // The service too: a refusal may come from a rule it changed meanwhile (its minimum notice).
        void service.refetch();
      },
    });
  };

  const summary: SummaryService | null = service.data ?? null;
  // "With" only for a service several members perform: a business of one looks as before.
  const withWhom = team.length > 1 ? (team.find((m) => m._id === staffId)?.name ?? ANYONE_AVAILABLE) : undefined;
  if (booked) return <ThankYou appointment={booked} service={summary} timeZone={timeZone} showStaff={team.length > 1} />;

  return (
    <Page>
      <PageHeader title={`Book ${name}`} />
      {profileError != null && !user && (
        <div className="mb-6">
          <ErrorBanner>{BOOKING_MESSAGES.profile}</ErrorBanner>
        </div>
      )}
      <section aria-label="Rating summary" className="mb-6 flex flex-wrap items-center gap-4">
        {service.data && <Stars rating={service.data.avgRating ?? 0} count={service.data.totalReviews ?? 0} />}
        <Button variant="secondary" onClick={() => setShowReviews((s) => !s)} aria-expanded={showReviews}>
          {showReviews ? 'Hide Reviews' : 'View Reviews'}
        </Button>
      </section>
      {showReviews && (
        <section aria-label="Reviews" className="mb-6 space-y-3">
          {reviews.isPending && <Spinner label="Loading reviews…" />}
          {reviews.isError && <ErrorBanner>{BOOKING_MESSAGES.reviews}</ErrorBanner>}
          {reviews.data && reviews.data.length === 0 && <p className="text-slate-600 dark:text-slate-300">No reviews yet.</p>}
          {reviews.data?.map((r) => <ServiceReview key={r._id} review={r} />)}
          {reviews.hasNextPage && (
            <Button variant="secondary" className="w-full sm:w-auto" aria-busy={reviews.isFetchingNextPage} disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {reviews.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
            </Button>
          )}
        </section>
      )}

      {availability.isPending && <Spinner label="Loading available slots…" />}
      {availability.isError && <ErrorBanner>{availability.error.message}</ErrorBanner>}

      {availability.isSuccess && (
        <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {team.length > 1 && (
            <div className="min-w-0 max-w-sm">
              <StaffChoice staff={team} value={staffId} onChange={(id) => setForm((f) => ({ ...f, staffId: id, time: '' }))} />
            </div>
          )}
          <ServiceSlotPicker
            days={days}
            timeZone={timeZone}
            value={{ date: form.date, time: form.time }}
            onChange={(v) => setForm((f) => ({ ...f, ...v }))}
            dateLabel="Select a date"
            timeLabel="Select a time"
            business={service.data?.provider}
            {...rules}
          />
          {summary && (
            <div className="lg:col-start-2 lg:row-span-5 lg:row-start-1">
              <BookingSummary service={summary} date={form.date} time={form.time} timeZone={timeZone} staffName={withWhom} />
            </div>
          )}

          {gone && <ErrorBanner>{BOOKING_MESSAGES.allGone}</ErrorBanner>}

          <div className="grid min-w-0 gap-4 md:grid-cols-2">
            <Field label="Full Name">
              <Input value={form.customerName} onChange={set('customerName')} autoComplete="name" />
            </Field>
            <Field label="Email">
              <Input type="email" value={form.customerEmail} onChange={set('customerEmail')} autoComplete="email" />
            </Field>
            <Field label="Phone">
              <Input type="tel" value={form.customerPhone} onChange={set('customerPhone')} autoComplete="tel" />
            </Field>
            <Field label="Address">
              <Input value={form.customerAddress} onChange={set('customerAddress')} autoComplete="street-address" />
            </Field>
            <Field label="Reason for Visit" className="md:col-span-2">
              <Textarea rows={3} value={form.notes} onChange={set('notes')} />
            </Field>
          </div>

          <div className="min-w-0 space-y-4">
            {error && <ErrorBanner>{error}</ErrorBanner>}
            <Button type="submit" disabled={gone || create.isPending}>
              {create.isPending ? 'Booking…' : 'Confirm Booking'}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}

/** After success: thanks, a review form (kept locally, docs/product.md#data), then the calendar. */
function ThankYou({ appointment: a, service, timeZone, showStaff }: { appointment: Appointment; service: SummaryService | null; timeZone: string; showStaff: boolean }) {
  const navigate = useNavigate();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateReview({ rating, comment });
    setError(msg);
    if (!msg) {
      // The booking page's review form only builds a local object (docs/product.md#data).
      const local = { appointmentId: a._id, rating, comment: comment.trim() };
      console.debug('local review', local);
      setSaved(true);
    }
  };
  return (
    <Page>
      <PageHeader title="Thank you for your booking!" />
      <SuccessBanner>
        {a.serviceName} on {formatZonedDateTime(a.date, a.time, timeZone)}
        {showStaff && a.staffName ? ` with ${a.staffName}` : ''} is booked. Status: {a.status}.
      </SuccessBanner>
      {service && (
        <div className="mt-6 max-w-lg">
          <BookingSummary title="Your booking" service={service} date={a.date} time={a.time} timeZone={timeZone} staffName={showStaff && a.staffName ? a.staffName : undefined} />
        </div>
      )}
      <section className="mt-6 max-w-lg rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h2 className="mb-3 text-lg font-semibold">How was booking with us?</h2>
        {saved ? (
          <p>{REVIEW_MESSAGES.thanks}</p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-3">
            <RatingInput value={rating} onChange={setRating} />
            <Textarea rows={3} aria-label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} />
            {error && <ErrorBanner>{error}</ErrorBanner>}
            <Button type="submit" variant="secondary">
              Submit Feedback
            </Button>
          </form>
        )}
      </section>
      <Button className="mt-6" onClick={() => navigate('/calendar')}>
        Go to Calendar
      </Button>
    </Page>
  );
}
