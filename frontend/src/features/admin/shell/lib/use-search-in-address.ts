import { useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's search box kept in the address under `key`: `write` puts the settled search there
 * (the page decides how: replacing the entry, back to the first page), and the box follows the
 * address when it changes by itself (Back, a link), so the two never disagree.
 */
export function useSearchInAddress(key: string, write: (query: string) => void): { search: string; setSearch: (value: string) => void; query: string } {
  const [params] = useSearchParams();
  const inAddress = params.get(key) ?? '';
  const [search, setSearch] = useState(inAddress);
  const query = useDeferredValue(search.trim());
  useEffect(() => {
    if (query !== inAddress) write(query);
    // Only the settled search moves the address.
  }, [query]);
  useEffect(() => {
    if (inAddress !== search.trim()) setSearch(inAddress);
    // Only a change of the address moves the box.
  }, [inAddress]);
  return { search, setSearch, query };
}
