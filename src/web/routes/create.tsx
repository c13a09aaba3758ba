import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';

export default function CreateRoute() {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Let's create your product library">
        Drop product photos and Listsmith drafts a title, description, category and price for each.
      </PageHeader>
      <section
        aria-label="Upload"
        className="flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-slate-300 bg-white px-8 py-20 text-center"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-10 text-brand-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden="true"
        >
          <path
            d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M12 4v12m0-12-4 4m4-4 4 4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="text-lg font-medium text-slate-900">Photo upload is being set up</p>
        <p className="max-w-md text-sm text-slate-600">
          Uploading photos and generating listings arrive in the next release. Your account and
          credits are ready for it.
        </p>
      </section>
      <p className="mt-4 text-center text-sm text-slate-500">
        By uploading you agree to our{' '}
        <Link to="/terms" className="font-medium text-brand-700 hover:underline">
          terms of use
        </Link>
        .
      </p>
    </div>
  );
}
