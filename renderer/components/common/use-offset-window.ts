import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

/**
 * A virtualized list over a store that fetches its rows in offset windows:
 * the store is told which rows are on screen (again when the total changes)
 * so it can fetch the pages they fall in.
 */
export function useOffsetWindow(options: {
  total: number;
  estimateSize(): number;
  overscan: number;
  getItemKey?(index: number): string | number;
  setVisible(first: number, last: number): void;
}) {
  const { total, setVisible, ...virtual } = options;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler in this build, so nothing memoizes the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    ...virtual,
    count: total,
    getScrollElement: () => scrollRef.current,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;

  useEffect(() => {
    setVisible(first, last);
  }, [first, last, total, setVisible]);

  return { scrollRef, virtualizer, rows, first, last };
}
