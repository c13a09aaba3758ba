import { useState } from 'react';
import { PageHeader } from '#web/components/page-header';
import { GapFilters } from './gap-filters';
import { ResultsSuperseded } from './library-list';
import { LibraryResults, type LibraryResultsProps } from './library-results';
import { SearchBox } from './search-box';
import { SelectionClearedNotice, selectionClearedNotice } from './selection-cleared-notice';
import { NOTHING_SELECTED, selectedCount, type Selection } from './selection';
import {
  useGapCounts,
  useLibraryGap,
  useLibrarySearch,
  usePrefetchLibraryPages,
} from './use-library';

export type { RenderLibraryCard } from './library-list';

/** /library: the premium seller's saved products, searched, paged, edited and exported. */
export function LibraryScreen(props: LibraryResultsProps) {
  const { gap, setGap } = useLibraryGap();
  const prefetch = usePrefetchLibraryPages();
  // Each term's first page is asked for as it is typed; its results show once it is in.
  const search = useLibrarySearch((term) => prefetch(term, gap));
  // The term whose first page has arrived: its gap counts are asked for then.
  const [listed, setListed] = useState<string | null>(null);
  const counts = useGapCounts(search.term, listed === search.term);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [searched, setSearched] = useState({ term: search.term, gap });
  const [unticked, setUnticked] = useState<string | null>(null);
  // A new search or gap unticks what was ticked (its products may not be among the results),
  // and says so.
  if (search.term !== searched.term || gap !== searched.gap) {
    setSearched({ term: search.term, gap });
    const count = selectedCount(selection);
    setSelection(NOTHING_SELECTED);
    setUnticked(count > 0 ? selectionClearedNotice(count) : null);
  }
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Product Library" />
      <SearchBox value={search.typed} onChange={search.setTyped} />
      {counts && <GapFilters counts={counts} active={gap} onChange={setGap} />}
      <SelectionClearedNotice notice={unticked} onDismiss={() => setUnticked(null)} />
      {/* Keyed by the term and gap: a new search starts at the top. */}
      <ResultsSuperseded value={search.typedOn}>
        <LibraryResults
          key={`${gap ?? ''}:${search.term}`}
          term={search.term}
          gap={gap}
          clearGap={() => setGap(null)}
          clearSearch={() => search.setTyped('')}
          onListed={setListed}
          selection={selection}
          setSelection={(next) => {
            setUnticked(null);
            setSelection(next);
          }}
          {...props}
        />
      </ResultsSuperseded>
    </div>
  );
}
