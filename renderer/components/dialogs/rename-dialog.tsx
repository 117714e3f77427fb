import { useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { call } from '../../ipc/parley.ts';
import { attempt } from '../../stores/notice-store.ts';
import { Modal } from '../common/modal.tsx';

export function RenameDialog({
  conversationId,
  currentName,
  onClose,
}: {
  conversationId: string;
  currentName: string;
  onClose(): void;
}) {
  const [name, setName] = useState(currentName);
  const save = async (localName: string | null) => {
    const done = await attempt(() =>
      call('conversations:rename', { id: conversationId, localName }),
    );
    if (done) onClose();
  };
  return (
    <Modal title="Rename conversation" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(name.trim() || null);
        }}
      >
        <label className="field">
          <span>Name shown in Parley</span>
          <input
            data-autofocus
            value={name}
            maxLength={LIMITS.nameLength}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <p className="hint">Only you see this name; the server is not told.</p>
        <div className="dialog-actions">
          {currentName && (
            <button type="button" className="button secondary" onClick={() => void save(null)}>
              Use the original name
            </button>
          )}
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
