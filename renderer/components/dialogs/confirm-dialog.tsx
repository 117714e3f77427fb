import { useId } from 'react';
import type { ConfirmRequest } from '../../stores/ui-store.ts';
import { Modal } from '../common/modal.tsx';

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose(): void }) {
  const bodyId = useId();
  const choose = (action: () => void) => {
    onClose();
    action();
  };
  return (
    <Modal title={request.title} onClose={onClose} describedBy={bodyId} className="confirm">
      <p id={bodyId}>{request.body}</p>
      <div className="dialog-actions">
        {request.alternative && (
          <button
            type="button"
            className="button secondary"
            onClick={() => choose(request.alternative!.action)}
          >
            {request.alternative.label}
          </button>
        )}
        {/* Cancel comes first in the tab order, so Enter on open never destroys anything. */}
        <button type="button" className="button secondary" data-autofocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={request.safe ? 'button primary' : 'button danger'}
          onClick={() => choose(request.onConfirm)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
