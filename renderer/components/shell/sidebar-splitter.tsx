import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import {
  SIDEBAR_WIDTH,
  sidebarColumn,
  useSidebarWidth,
  widestIn,
} from '../../stores/sidebar-width-store.ts';

/** Arrow keys move the edge this far; with Shift, four times as far. */
const STEP = 16;

/**
 * The conversation list's right edge, to drag wider or narrower as in Slack,
 * Element and Signal; a double-click gives back the default width. It is a
 * focusable window splitter (WAI-ARIA's pattern): Left and Right move it,
 * Home and End take it to its least and most.
 */
export function SidebarSplitter({ controls }: { controls: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { preview, keep } = useSidebarWidth.getState();
  const [measured, setMeasured] = useState<{ shown: number; widest: number } | null>(null);
  const drag = useRef<{ fromX: number; fromWidth: number; width: number } | null>(null);

  const listWidth = () =>
    Math.round(ref.current?.parentElement?.getBoundingClientRect().width ?? SIDEBAR_WIDTH.least);
  const within = (width: number) =>
    Math.min(widestIn(window.innerWidth), Math.max(SIDEBAR_WIDTH.least, width));

  // The grid column follows the store straight from here, before the first paint and at every
  // pointer move, without a render of the window's components for each.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const apply = (width: number | null) =>
      width === null
        ? root.removeProperty('--sidebar-column')
        : root.setProperty('--sidebar-column', sidebarColumn(width));
    apply(useSidebarWidth.getState().width);
    const unsubscribe = useSidebarWidth.subscribe((state) => apply(state.width));
    return () => {
      unsubscribe();
      apply(null);
    };
  }, []);

  // What assistive technology is told: the window may hold the list under the width chosen.
  useEffect(() => {
    const list = ref.current?.parentElement;
    if (!list) return;
    const measure = () => setMeasured({ shown: listWidth(), widest: widestIn(window.innerWidth) });
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const width = listWidth();
    drag.current = { fromX: event.clientX, fromWidth: width, width };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    if (!from) return;
    from.width = within(from.fromWidth + event.clientX - from.fromX);
    preview(from.width);
  }
  function onPointerEnd() {
    const from = drag.current;
    drag.current = null;
    if (from && from.width !== from.fromWidth) keep(from.width);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const width = listWidth();
    const to =
      event.key === 'ArrowLeft'
        ? width - step
        : event.key === 'ArrowRight'
          ? width + step
          : event.key === 'Home'
            ? SIDEBAR_WIDTH.least
            : event.key === 'End'
              ? Number.POSITIVE_INFINITY
              : null;
    if (to === null) return;
    event.preventDefault();
    keep(within(to));
  }

  return (
    <div
      ref={ref}
      className="sidebar-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Conversation list width"
      aria-controls={controls}
      aria-valuemin={SIDEBAR_WIDTH.least}
      aria-valuemax={measured?.widest}
      aria-valuenow={measured?.shown}
      aria-valuetext={measured ? `${measured.shown} pixels` : undefined}
      tabIndex={0}
      title="Drag to resize, double-click for the default width"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      // Fired after a pointerup, a pointercancel, or a capture lost any other way.
      onLostPointerCapture={onPointerEnd}
      onDoubleClick={() => keep(null)}
      onKeyDown={onKeyDown}
    />
  );
}
