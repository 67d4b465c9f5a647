import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Previous and Next under a list. With `place` ('Page 2 of 5') between them; without it (keyset
 * paging, where a page's number is not known) both sit at the end.
 */
export function ListPager({
  label,
  place,
  previousDisabled,
  onPrevious,
  nextDisabled,
  onNext,
}: {
  /** The navigation's name ('Mail log pages'). */
  label: string;
  place?: ReactNode;
  previousDisabled: boolean;
  onPrevious: () => void;
  nextDisabled: boolean;
  onNext: () => void;
}) {
  return (
    <nav aria-label={label} className={place === undefined ? 'mt-4 flex items-center justify-end gap-3' : 'mt-4 flex items-center justify-between gap-4'}>
      <Button variant="secondary" size="sm" disabled={previousDisabled} onClick={onPrevious}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      {place === undefined ? null : (
        <p className="text-sm text-muted" aria-live="polite">
          {place}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={nextDisabled} onClick={onNext}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
