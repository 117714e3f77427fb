import { useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { renameConversation } from '../../stores/conversation-actions.ts';
import { Field } from '../common/fields.tsx';
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
    if (await renameConversation(conversationId, localName)) onClose();
  };
  return (
    <Modal title="Rename conversation" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(name.trim() || null);
        }}
      >
        <Field
          label="Name shown in Parley"
          data-autofocus
          value={name}
          maxLength={LIMITS.nameLength}
          onChange={setName}
        />
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
