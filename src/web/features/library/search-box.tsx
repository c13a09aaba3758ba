export const SEARCH_LABEL = 'Search product library';

/** The library's search field; the term it holds is searched as it is typed. */
export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div role="search" className="relative max-w-md">
      <label>
        <span className="sr-only">{SEARCH_LABEL}</span>
        <input
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={SEARCH_LABEL}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </label>
      <svg
        viewBox="0 0 24 24"
        className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
    </div>
  );
}
