/**
 * Measurements the UI benchmark runs inside the page. Each function is sent to
 * the browser by Playwright (serialized), so it uses nothing from its module.
 * "Painted" is taken after the frame that follows a DOM change: a task queued
 * from requestAnimationFrame runs once that frame's paint is done.
 */

export interface Mark {
  at: number | null;
  painted: number | null;
  /** First paint only: when the document's scripts had run, and when the list's rows arrived over IPC. */
  domContentLoaded?: number;
  listAnswered?: number;
}

// The few browser globals used here, declared for this module only: the Node
// typecheck that covers test/ has no DOM library, and adding it would hide DOM
// use in main/.
interface PageElement {
  textContent: string | null;
  scrollTop: number;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
declare const document: {
  body: PageElement;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  addEventListener(
    type: 'click',
    listener: (event: { timeStamp: number }) => void,
    options: { capture: boolean; once: boolean },
  ): void;
};
declare const window: { __firstRow?: Mark; __threadOpen?: Mark };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: Record<string, boolean>): void;
  disconnect(): void;
}
declare const performance: {
  now(): number;
  getEntriesByType(
    type: string,
  ): { name: string; responseEnd: number; domContentLoadedEventEnd?: number }[];
};
declare class PerformanceObserver {
  constructor(callback: (list: { getEntries(): { duration: number }[] }) => void);
  observe(options: { type: string }): void;
  disconnect(): void;
}
declare function requestAnimationFrame(callback: (now: number) => void): number;

/** Init script: when the first conversation row with content is painted, in ms since navigation start. */
export function watchFirstRow(): void {
  const mark: Mark = { at: null, painted: null };
  window.__firstRow = mark;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="listbox"] [role="option"][data-id]')) return;
    observer.disconnect();
    mark.at = performance.now();
    mark.domContentLoaded = performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd;
    mark.listAnswered = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/ipc/conversations'))?.responseEnd;
    requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

export const readFirstRow = () => window.__firstRow ?? null;
export const readThreadOpen = () => window.__threadOpen ?? null;

/** Arms a probe: from the next click to the paint that shows a message containing `text`. */
export function watchThreadOpen(text: string): void {
  const mark: Mark = { at: null, painted: null };
  window.__threadOpen = mark;
  const shows = () =>
    Array.from(document.querySelectorAll('[role="region"][aria-label="Messages"] article')).some(
      (article) => article.textContent?.includes(text),
    );
  const observer = new MutationObserver(() => {
    if (mark.at === null || !shows()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now())));
  });
  document.addEventListener('click', (event) => (mark.at ??= event.timeStamp), {
    capture: true,
    once: true,
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

export interface ScrollRun {
  /** Time between consecutive animation frames, ms. */
  frames: number[];
  longTasks: number[];
  /** The oldest message text on screen at the end, to count how far the run got. */
  oldestShown: string | null;
  distancePx: number;
}

/** Scrolls the thread upward by `pxPerFrame` each frame for `durationMs`, timing every frame. */
export function scrollThreadUp(options: { durationMs: number; pxPerFrame: number }) {
  const list = document.querySelector('[role="region"][aria-label="Messages"]');
  if (!list) throw new Error('no thread on screen');
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const frames: number[] = [];
  let distancePx = 0;
  let lastTop = list.scrollTop;
  return new Promise<ScrollRun>((resolve) => {
    requestAnimationFrame((first) => {
      let last = first;
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        // Read before writing, so the probe never forces a layout of its own.
        const at = list.scrollTop;
        distancePx += Math.max(0, lastTop - at);
        lastTop = at;
        list.scrollTop = at - options.pxPerFrame;
        if (now - first < options.durationMs) {
          requestAnimationFrame(step);
          return;
        }
        observer.disconnect();
        const shown = list.querySelectorAll('article');
        resolve({
          frames,
          longTasks,
          oldestShown: shown[0]?.textContent ?? null,
          distancePx,
        });
      };
      requestAnimationFrame(step);
    });
  });
}
