import { Link } from 'react-router';
import { Page, PageHeader } from '@slotwise/shared-ui';

const faqs = [
  { q: 'How do I book an appointment?', a: 'Open a category or the services list, choose a service, press Book Now and pick a free slot within the next 10 days.' },
  { q: 'Can I reschedule or cancel?', a: 'Yes. Upcoming appointments can be rescheduled or cancelled from My Appointments as long as they are still in the future.' },
  { q: 'How do I become a provider?', a: 'Register and choose Service Provider. Add your business name and location, then publish your services with their time slots.' },
  { q: 'When can I leave a review?', a: 'Once an appointment is completed you will see a Leave a Review button on it.' },
  { q: 'How do I switch between light and dark mode?', a: 'Use the moon/sun button in the navigation bar. Your choice is remembered on this device.' },
];

export function HelpPage() {
  return (
    <Page>
      <PageHeader title="Help Center" subtitle="Answers to the most common questions." />
      <div className="space-y-3">
        {faqs.map((f) => (
          <details key={f.q} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <summary className="cursor-pointer font-semibold">{f.q}</summary>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{f.a}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-slate-600 dark:text-slate-300">
        Still stuck? Browse the <Link to="/categories" className="text-indigo-600 underline dark:text-indigo-300">categories</Link> or
        write to support@slotwise.example.
      </p>
    </Page>
  );
}
