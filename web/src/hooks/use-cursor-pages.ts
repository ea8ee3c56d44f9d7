import { useEffect, useState } from 'react';

/** Typing settles this long before a list's search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Puts the search as typed (trimmed) into `apply` once typing has settled, unless it is the search already sent. */
function useSettledSearch(searchText: string, search: string, apply: (search: string) => void) {
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === search) return;
    const timer = setTimeout(() => apply(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);
}

/** A searched list's search: as typed (`searchText`), and as sent once typing settles (`search`). */
export function useSearchText() {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useSettledSearch(searchText, search, setSearch);
  return { searchText, setSearchText, search };
}

/**
 * A server-paged, searchable list's state: its filters, the search as typed (put into the filters once
 * typing settles), and the cursor of each page shown so far (the first page has none; the last is on
 * screen), so Previous goes back without the server. Any change of the filters starts again at page 1.
 */
export function useCursorPages<F extends { search: string }>(initial: F | (() => F)) {
  const [filters, setFiltersNow] = useState<F>(initial);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [searchText, setSearchText] = useState('');

  const setFilters = (change: (f: F) => F) => {
    setFiltersNow(change);
    setCursors([undefined]);
  };

  useSettledSearch(searchText, filters.search, (search) => setFilters((f) => ({ ...f, search })));

  return {
    filters,
    setFilters,
    searchText,
    setSearchText,
    /** The cursor of the page on screen (undefined: the first). */
    cursor: cursors[cursors.length - 1],
    /** 1-based. */
    page: cursors.length,
    /** To the page that starts at `next` (the server's cursor of the page on screen). */
    goNext: (next: string | null | undefined) => setCursors((c) => (next ? [...c, next] : c)),
    goPrevious: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
  };
}
