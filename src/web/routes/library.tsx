import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { buttonClassName } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useProfile } from '../lib/profile';

export default function LibraryRoute() {
  const profile = useProfile();
  const [term, setTerm] = useState('');
  const products = profile.data?.products ?? [];

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Product Library" />
      <label className="relative block max-w-md">
        <span className="sr-only">Search product library</span>
        <input
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search product library"
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <svg
          viewBox="0 0 24 24"
          className="absolute top-3 left-3 size-5 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </label>
      <div className="mt-8">
        {profile.isPending ? (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner label="Loading library" />
          </div>
        ) : products.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-8 py-16 text-center">
            <p className="text-lg font-medium text-slate-900">No products yet</p>
            <p className="max-w-sm text-sm text-slate-600">
              Products you create are kept here, ready to edit, export or publish.
            </p>
            <Link to="/create" className={buttonClassName()}>
              Create Product
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}
