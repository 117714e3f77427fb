import type { SessionService } from '../../session/session-service.ts';
import type { Handlers } from '../router.ts';

export function sessionHandlers(
  session: SessionService,
): Pick<
  Handlers,
  'session:get' | 'session:signIn' | 'session:signOut' | 'session:useDemo' | 'session:resetDemo'
> {
  return {
    'session:get': async () => session.get(),
    'session:signIn': ({ baseUrl, token }) => session.signIn(baseUrl, token),
    'session:signOut': ({ clearLocalData, unsentToDiscard }) =>
      session.signOut(clearLocalData, unsentToDiscard),
    'session:useDemo': () => session.useDemo(),
    'session:resetDemo': () => session.resetDemo(),
  };
}
