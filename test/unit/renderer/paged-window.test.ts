import { describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../renderer/ipc/parley.ts';
import {
  emptyPaged,
  indexWhere,
  itemAt,
  pagedWindow,
  type PagedState,
} from '../../../renderer/lib/paged-window.ts';

interface Request {
  offset: number;
  limit: number;
  answer(items: string[], total: number): Promise<unknown>;
  fail(error: unknown): Promise<unknown>;
}

/** A paged list over a fake source whose answers the test releases one by one. */
function harness(pageSize = 10) {
  let state: PagedState<string> = emptyPaged();
  const requests: Request[] = [];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const pager = pagedWindow<string>({
    pageSize,
    fetch: (offset, limit) =>
      new Promise((resolve, reject) => {
        requests.push({
          offset,
          limit,
          answer: (items, total) => (resolve({ items, total }), settle()),
          fail: (error) => (reject(error), settle()),
        });
      }),
    get: () => state,
    set: (patch) => {
      state = { ...state, ...patch };
    },
  });
  const rows = (from: number, count: number, prefix = 'row') =>
    Array.from({ length: count }, (_, i) => `${prefix} ${from + i}`);
  return { pager, requests, rows, state: () => state };
}

describe('pagedWindow', () => {
  it('loads the first page on restart and shows its rows and the total', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    expect(requests.map((r) => [r.offset, r.limit])).toEqual([[0, 10]]);
    await requests[0]!.answer(rows(0, 10), 10_000);
    expect(state().total).toBe(10_000);
    expect(itemAt(state().pages, 10, 3)).toBe('row 3');
    expect(itemAt(state().pages, 10, 10)).toBeUndefined();
  });

  it('fetches only the pages the viewport needs that are not loaded or loading', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    await requests[0]!.answer(rows(0, 10), 10_000);
    pager.show(5, 24);
    expect(requests.slice(1).map((r) => r.offset)).toEqual([10, 20]);
    pager.show(6, 25);
    expect(requests).toHaveLength(3);
    await requests[1]!.answer(rows(10, 10), 10_000);
    await requests[2]!.answer(rows(20, 10), 10_000);
    expect(itemAt(state().pages, 10, 24)).toBe('row 24');
    expect(indexWhere(state().pages, 10, (row) => row === 'row 24')).toBe(24);
    expect(indexWhere(state().pages, 10, (row) => row === 'row 30')).toBe(-1);
    pager.show(4_990, 5_002);
    expect(requests.slice(3).map((r) => r.offset)).toEqual([4_990, 5_000]);
  });

  it('never shows rows of the old criteria after a restart', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    pager.restart();
    await requests[1]!.answer(rows(0, 3, 'match'), 3);
    await requests[0]!.answer(rows(0, 10), 10_000);
    expect(state().total).toBe(3);
    expect(state().pages[0]).toEqual(['match 0', 'match 1', 'match 2']);
  });

  it('shows a failure in words and clears it when a page loads again', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    const unreachable =
      'Parley could not reach example.test. Check the address, or try again later.';
    await requests[0]!.fail(new IpcFailure({ code: 'network', message: unreachable, field: null }));
    expect(state().error).toBe(unreachable);
    pager.show(0, 5);
    expect(requests).toHaveLength(2);
    await requests[1]!.answer(rows(0, 10), 10);
    expect(state().error).toBeNull();
    pager.restart();
    await requests[2]!.fail(new TypeError('x is undefined'));
    expect(state().error).toMatch(/^Something went wrong in Parley\. Try again/);
  });

  it('refetches the visible pages on refresh and forgets the ones scrolled away from', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    await requests[0]!.answer(rows(0, 10), 100);
    pager.show(40, 45);
    await requests[1]!.answer(rows(40, 10), 100);
    const refreshed = pager.refresh();
    expect(Object.keys(state().pages)).toEqual(['4']);
    expect(requests.slice(2).map((r) => r.offset)).toEqual([40]);
    await requests[2]!.answer(rows(40, 10, 'renamed'), 99);
    await refreshed;
    expect(itemAt(state().pages, 10, 41)).toBe('renamed 41');
    expect(state().total).toBe(99);
  });

  it('fetches a page again when a refresh comes while it is on its way, so the newer answer wins', async () => {
    const { pager, requests, rows, state } = harness();
    pager.restart();
    const refreshed = pager.refresh();
    expect(requests).toHaveLength(1);
    await requests[0]!.answer(rows(0, 10, 'before the change'), 10);
    expect(requests.map((r) => r.offset)).toEqual([0, 0]);
    await requests[1]!.answer(rows(0, 10, 'after the change'), 10);
    await refreshed;
    expect(itemAt(state().pages, 10, 0)).toBe('after the change 0');
  });
});
