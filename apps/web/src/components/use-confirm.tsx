import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** A question before an action, and the action itself, which reports its own outcome. */
export type ConfirmRequest = {
  title: string;
  message: string;
  confirmLabel?: string;
  destructive?: boolean;
  /**
   * The action. Instead of finishing it may ask a follow-up question (a folder that is not empty: delete it with
   * everything in it?), which the dialog then shows in place of this one.
   */
  run: (followUp: (next: ConfirmRequest) => void) => Promise<unknown>;
};

/**
 * One confirmation dialog for a page's actions: `ask` opens it; Confirm runs the action, waits for it and
 * closes (or shows the action's follow-up question). Failures are the action's to report (an alert or a dialog), so the question does not stay open.
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  // The last request stays while the dialog closes, so its text does not vanish during the transition.
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const ask = (next: ConfirmRequest) => {
    setRequest(next);
    setOpen(true);
  };

  const handleConfirm = async () => {
    if (!request) return;
    const asked: { next?: ConfirmRequest } = {};
    setPending(true);
    try {
      await request.run((next) => {
        asked.next = next;
      });
    } catch {
      // Reported by the action itself.
    } finally {
      setPending(false);
      if (asked.next) setRequest(asked.next);
      else setOpen(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={open}
      title={request?.title ?? ''}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel}
      destructive={request?.destructive}
      pending={pending}
      onConfirm={() => void handleConfirm()}
      onClose={() => setOpen(false)}
    />
  );
  return { ask, dialog };
}
