import { useState, type ReactNode } from 'react';
import type { OwnerProof } from '../../api/sub-accounts';
import { OwnerProofDialog } from './OwnerProofDialog';

type Action = (proof: OwnerProof) => Promise<unknown>;

export interface OwnerGate {
  /**
   * Runs `action` at once when no proof is needed; otherwise first asks for the owner's password
   * or PIN (a dialog, which shows the action's refusals) and runs it with that. Resolves true once
   * the action has succeeded, false when the person cancelled; without the dialog a failure
   * rejects as the action did. `needed` overrides the hook's default for this one action.
   */
  run(action: Action, needed?: boolean): Promise<boolean>;
  /** The dialog, to render while it is open. */
  dialog: ReactNode;
}

/** `required`: the session is on a kid sub-account (or the action otherwise needs the owner). */
export function useOwnerGate(required: boolean): OwnerGate {
  const [pending, setPending] = useState<{
    action: Action;
    finish: (done: boolean) => void;
  } | null>(null);

  const run = async (action: Action, needed = required) => {
    if (!needed) {
      await action({});
      return true;
    }
    return new Promise<boolean>((finish) => setPending({ action, finish }));
  };

  const dialog = pending ? (
    <OwnerProofDialog
      onProof={async (proof) => {
        await pending.action(proof);
        setPending(null);
        pending.finish(true);
      }}
      onClose={() => {
        setPending(null);
        pending.finish(false);
      }}
    />
  ) : null;
  return { run, dialog };
}
