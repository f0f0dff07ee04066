import { Link } from 'react-router';
import { Icon, Page, PageHeader } from '@slotwise/shared-ui';
import { CATEGORY_PAGES } from '@slotwise/shared-util';

export function CategoriesPage() {
  return (
    <Page>
      <PageHeader title="Service Categories" subtitle="Find the right professional for every need." />
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CATEGORY_PAGES.map((c) => (
          <Link
            key={c.slug}
            to={`/categories/${c.slug}`}
            data-testid="category-card"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md dark:border-slate-700 dark:bg-slate-800"
          >
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"><Icon name={c.icon} /></span>
            <h2 className="mt-3 text-lg font-semibold">{c.title}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{c.blurb}</p>
          </Link>
        ))}
      </div>
    </Page>
  );
}
