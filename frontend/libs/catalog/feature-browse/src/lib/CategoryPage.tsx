import { Link, Navigate, useParams } from 'react-router';
import { Page, PageHeader } from '@slotwise/shared-ui';
import { categoryBySlug, type CategoryPage as Category } from '@slotwise/shared-util';
import { ServiceListing } from './ServiceListing';

export const LOAD_ERROR = 'Failed to load services. Please try again later.';
export const EMPTY_TEXT = 'No services available in this category yet.';

/** /categories/:slug — GET /services?category=<query name of docs/product.md#constants>. */
export function CategoryPage() {
  const { slug } = useParams();
  const category = categoryBySlug(slug);
  if (!category) return <Navigate to="/categories" replace />;
  return <CategoryServices category={category} />;
}

export function CategoryServices({ category }: { category: Category }) {
  return (
    <Page>
      <nav className="mb-4 text-sm">
        <Link to="/categories" className="text-indigo-600 hover:underline dark:text-indigo-300">
          ← All categories
        </Link>
      </nav>
      <PageHeader title={category.title} subtitle={category.blurb} />
      <ServiceListing
        query={{ category: category.query }}
        loadError={LOAD_ERROR}
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
            {EMPTY_TEXT}
          </p>
        }
      />
    </Page>
  );
}
