import type { Session } from '../../shared/model/session.ts';
import { call } from '../ipc/parley.ts';
import { keepStored, readStored } from '../lib/window-storage.ts';
import { useSession } from './session-store.ts';
import { useThread } from './thread-store.ts';
import { useUi, type View } from './ui-store.ts';

const KEY = 'parley.last-place';

/** Where the person was when the window last went, and in which account. */
interface Place {
  account: string;
  view: View;
  conversationId: string | null;
}

/** The demo's server has a new address at every start; it is one account all the same. */
function accountOf(session: Session): string | null {
  if (session.state !== 'signed-in') return null;
  return session.demo ? 'demo' : session.baseUrl;
}

function storedPlace(): Place | null {
  try {
    const value = JSON.parse(readStored(KEY) ?? 'null') as Partial<Place> | null;
    if (typeof value?.account !== 'string') return null;
    return {
      account: value.account,
      view: value.view === 'activity' ? 'activity' : 'chats',
      conversationId: typeof value.conversationId === 'string' ? value.conversationId : null,
    };
  } catch {
    return null;
  }
}

/** Nothing opened yet in this window: a notification's click or a link came first otherwise. */
const untouched = () =>
  useThread.getState().conversationId === null && useUi.getState().view === 'chats';

async function reopen(place: Place): Promise<void> {
  // One deleted meanwhile (here or on the server) is not reopened to say it is gone.
  const found =
    place.conversationId === null
      ? null
      : await call('conversations:get', { id: place.conversationId }).catch(() => null);
  if (!untouched()) return;
  // Activity left in front keeps the conversation behind it, as it was.
  useUi.getState().setView(place.view);
  if (found) await useThread.getState().open(found.id);
}

/**
 * Parley opens where it was left, as Slack, Element and Discord do: the
 * conversation that was open (or Activity) in the account signed in to, kept
 * in the window's storage as it changes. It reopens once, at the window's
 * first sign-in, and only if nothing was opened before it could.
 */
export function keepLastPlace(): void {
  let account: string | null = null;
  let reopened = false;
  const remember = () => {
    if (account === null) return;
    const place: Place = {
      account,
      view: useUi.getState().view,
      conversationId: useThread.getState().conversationId,
    };
    keepStored(KEY, JSON.stringify(place));
  };
  useSession.subscribe(({ session }) => {
    account = session ? accountOf(session) : null;
    if (account === null || reopened) return;
    reopened = true;
    const place = storedPlace();
    if (place?.account === account && untouched()) void reopen(place);
  });
  useThread.subscribe((state, before) => {
    if (state.conversationId !== before.conversationId) remember();
  });
  useUi.subscribe((state, before) => {
    if (state.view !== before.view) remember();
  });
}
