import { useId } from 'react';
import type { Service } from '@slotwise/shared-contract';
import { addMinutesLabel, BUSINESS_TIME_ZONE, formatDuration, formatRupees, formatZonedDateTime, formatZonedTime } from '@slotwise/shared-util';
import { cancellationPolicy } from './booking-policy';

export type SummaryService = Pick<Service, 'name' | 'price' | 'duration' | 'provider' | 'location' | 'minNoticeMinutes'>;

interface Props {
  service: SummaryService;
  /** the chosen or booked slot; '' time while none is picked */
  date: string;
  time: string;
  /** the zone the API reads the slot in (availability's timeZone) */
  timeZone?: string;
  title?: string;
  /** the member booked with, or "Anyone available"; no row when absent (a business of one) */
  staffName?: string;
}

/**
 * What is being booked, on the booking page and after it: when (with its zone), how long, the
 * price in rupees, the business and its address, and the cancellation policy (booking-policy.ts).
 */
export function BookingSummary({ service: s, date, time, timeZone = BUSINESS_TIME_ZONE, title = 'Booking summary', staffName }: Props) {
  const id = useId();
  const end = time ? addMinutesLabel(time, s.duration) : null;
  const rows: [string, string, string][] = [
    ['Service', s.name, 'service'],
    ['When', time ? formatZonedDateTime(date, time, timeZone) : 'Choose a date and time', 'when'],
    ['Duration', `${formatDuration(s.duration)}${end ? ` (until ${formatZonedTime(date, end, timeZone)})` : ''}`, 'duration'],
    ['Price', formatRupees(s.price), 'price'],
    ...(staffName ? ([['With', staffName, 'staff']] as [string, string, string][]) : []),
    ['Business', s.provider, 'business'],
    ['Address', s.location, 'address'],
  ];
  return (
    <section aria-labelledby={id} data-testid="booking-summary" className="min-w-0 rounded-xl border border-line p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, text, key]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="break-words font-medium" data-testid={`summary-${key}`}>
              {text}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 mb-1 text-sm font-semibold">Cancellation policy</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200" data-testid="summary-policy">
        {cancellationPolicy(s.provider, s.minNoticeMinutes ?? 0).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
