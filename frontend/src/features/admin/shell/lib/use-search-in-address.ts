import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * A list's search box kept in the address under `key`: `write` puts the settled search there
 * (the page decides how: replacing the entry, back to the first page), and the box follows the
 * address when it changes by itself (Back, a link), so the two never disagree.
 *
 * `written` remembers what the box last put in the address, so the box tells its own writes
 * from the address's changes: a write that lands while staff type on does not undo their
 * keys, and a Back that lands before React showed the write (both navigations are transitions,
 * which React may render as one) still brings the box back, since the location's key changed.
 */
export function useSearchInAddress(key: string, write: (query: string) => void): { search: string; setSearch: (value: string) => void; query: string } {
  const [params] = useSearchParams();
  const location = useLocation();
  const inAddress = params.get(key) ?? '';
  const [search, setSearch] = useState(inAddress);
  const written = useRef(inAddress);
  const query = useDeferredValue(search.trim());
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    write(query);
    // Only the settled search moves the address.
  }, [query]);
  useEffect(() => {
    if (inAddress === written.current) return;
    written.current = inAddress;
    setSearch(inAddress);
    // Only a navigation moves the box.
  }, [inAddress, location.key]);
  return { search, setSearch, query };
}
