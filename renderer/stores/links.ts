import { parsePlaceLink } from '../../shared/model/place-links.ts';
import { call } from '../ipc/parley.ts';
import { navigateTo } from './navigation.ts';
import { reportError } from './notice-store.ts';

/**
 * A `parley://` link goes to its place in this window; an http(s) link opens
 * in the system browser (the core refuses anything else).
 */
export function openLink(url: string) {
  const place = parsePlaceLink(url);
  if (place.ok) return navigateTo(place.target);
  call('links:open', { url }).catch(reportError);
}
