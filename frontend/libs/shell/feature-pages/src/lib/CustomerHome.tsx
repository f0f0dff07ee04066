import { Link } from 'react-router';
import { buttonClass, Icon, Stars } from '@slotwise/shared-ui';
import { CATEGORY_PAGES, formatNumber, reviewerName } from '@slotwise/shared-util';
import { useHomeStats, useTestimonials } from '../api/home-api';

const features = [
  { icon: 'zap', title: 'Instant booking', text: 'Pick a free slot in the next 10 days and you are booked.' },
  { icon: 'calendar', title: 'Your calendar', text: 'See every appointment as a list or on a calendar.' },
  { icon: 'refresh', title: 'Easy changes', text: 'Reschedule or cancel upcoming appointments yourself.' },
  { icon: 'star', title: 'Honest reviews', text: 'Ratings come from customers who actually attended.' },
];

const steps = [
  { title: 'Choose a category', text: 'Browse ten categories of local services.' },
  { title: 'Pick a time', text: 'Select a date and a free slot that suits you.' },
  { title: 'Confirm', text: 'Enter your details and confirm the booking.' },
  { title: 'Get served', text: 'Attend, then leave a review for the next customer.' },
];

/** Fewer real testimonials than this and the section is not shown (docs/product.md#customer-home). */
export const MIN_TESTIMONIALS = 3;

/**
 * Customer home (docs/product.md#screens-and-routes): hero with the marketplace's real figures, four
 * feature cards, four categories, how it works, real testimonials, call to action.
 */
export function CustomerHome() {
  return (
    <div>
      <section className="bg-gradient-to-br from-indigo-600 to-violet-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">Book trusted local services in minutes</h1>
          <p className="mt-4 max-w-xl text-lg text-indigo-100">
            Doctors, salons, repairs, tutors and more — see real availability and reserve your slot.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/categories" className="rounded-lg bg-white px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50">
              Explore categories
            </Link>
            <Link to="/services" className="rounded-lg border border-white/60 px-5 py-3 font-semibold hover:bg-white/10">
              Browse services
            </Link>
          </div>
          <HomeFigures />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="mb-8 text-center text-3xl font-bold">Why Slotwise</h2>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <div key={f.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"><Icon name={f.icon} /></span>
              <h3 className="mt-3 font-semibold">{f.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-50 py-14 dark:bg-slate-950">
        <div className="mx-auto max-w-6xl px-4">
          <div className="mb-8 flex items-end justify-between">
            <h2 className="text-3xl font-bold">Popular categories</h2>
            <Link to="/categories" className="font-medium text-indigo-600 hover:underline dark:text-indigo-300">
              All categories →
            </Link>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {CATEGORY_PAGES.slice(0, 4).map((c) => (
              <Link key={c.slug} to={`/categories/${c.slug}`} className="rounded-xl border border-slate-200 bg-white p-6 hover:shadow-md dark:border-slate-700 dark:bg-slate-800">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"><Icon name={c.icon} /></span>
                <h3 className="mt-3 font-semibold">{c.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{c.blurb}</p>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="mb-8 text-center text-3xl font-bold">How it works</h2>
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-600 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <Testimonials />

      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Ready to book your next appointment?</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Join the customers and businesses already on Slotwise.</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/register" className={buttonClass('primary')}>
            Get started
          </Link>
          <Link to="/demo-services" className={buttonClass('secondary')}>
            See demo services
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * The figures under the hero, from GET /stats: nothing is shown until they arrive (or if they
 * cannot), and a figure with nothing behind it yet (no rating, no appointment ended) is left out.
 */
function HomeFigures() {
  const st = useHomeStats().data;
  if (!st) return <div className="mt-10 min-h-16" />;
  const figures = [
    { label: 'Bookings made', value: formatNumber(st.bookings) },
    { label: 'Businesses', value: formatNumber(st.businesses) },
    ...(st.ratingCount > 0
      ? [{ label: `Average rating (${formatNumber(st.ratingCount)} ${st.ratingCount === 1 ? 'review' : 'reviews'})`, value: `${st.averageRating.toFixed(1)} ★` }]
      : []),
    ...(st.completedShare > 0 ? [{ label: 'Appointments completed', value: `${st.completedShare}%` }] : []),
  ];
  return (
    <dl className="mt-10 grid min-h-16 grid-cols-2 gap-6 sm:flex sm:flex-wrap sm:gap-10" data-testid="home-figures">
      {figures.map((f) => (
        <div key={f.label} className="flex flex-col-reverse">
          <dt className="text-sm text-indigo-100">{f.label}</dt>
          <dd className="text-3xl font-bold">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Recent 5-star reviews with their text (GET /reviews/testimonials); hidden below MIN_TESTIMONIALS. */
function Testimonials() {
  const list = useTestimonials().data ?? [];
  if (list.length < MIN_TESTIMONIALS) return null;
  return (
    <section className="bg-slate-50 py-14 dark:bg-slate-950" aria-labelledby="testimonials-h">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-h" className="mb-8 text-center text-3xl font-bold">What customers say</h2>
        <div className="grid gap-5 md:grid-cols-3" data-testid="testimonials">
          {list.slice(0, 3).map((t) => (
            <figure key={t._id} className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-800">
              <Stars rating={t.rating} />
              <blockquote className="mt-2 break-words text-slate-700 dark:text-slate-200">“{t.comment}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold">
                {reviewerName(t)} <span className="font-normal text-slate-600 dark:text-slate-400">· {t.serviceName}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
