import { Fragment, useId } from 'react';
import {
  currentPlatform,
  keyAlternatives,
  keyName,
  SHORTCUT_GROUPS,
  type Platform,
} from '../../lib/keyboard-shortcuts.ts';
import { Modal } from '../common/modal.tsx';

/** Every key Parley answers to, grouped by where a person is (Ctrl/Cmd+/, or Help in the menu). */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const platform = currentPlatform();
  const baseId = useId();
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} className="shortcuts">
      {SHORTCUT_GROUPS.map((group, index) => (
        <section key={group.title} aria-labelledby={`${baseId}-${index}`}>
          <h3 id={`${baseId}-${index}`}>{group.title}</h3>
          <dl>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.keys} className="shortcut">
                <dt>
                  <Keys keys={shortcut.keys} platform={platform} />
                  {shortcut.where && <span className="shortcut-where"> {shortcut.where}</span>}
                </dt>
                <dd>{sentence(shortcut.action)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}

function Keys({ keys, platform }: { keys: string; platform: Platform }) {
  return keyAlternatives(keys).map(({ joiner, combo }, index) => (
    <Fragment key={index}>
      {joiner && <span className="shortcut-joiner"> {joiner} </span>}
      {combo.map((key, at) => (
        <Fragment key={at}>
          {at > 0 && platform !== 'mac' && <span aria-hidden="true">+</span>}
          <kbd>{keyName(key, platform)}</kbd>
        </Fragment>
      ))}
    </Fragment>
  ));
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
