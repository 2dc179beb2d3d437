import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubAccount } from '@site/contract';
import { changeSubAccount } from '../../api/sub-accounts';
import { refreshSession } from '../../api/session';
import { useOwnerGate } from './use-owner-gate';

/**
 * Switches the session to another sub-account. Choosing a kid profile needs nothing; leaving a
 * kid session for an adult profile first asks for the owner's password or PIN.
 */
export function useSwitchSubAccount(kidSession: boolean) {
  const gate = useOwnerGate(kidSession);
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  /** Resolves true once the session is on `target` (it may already have been). */
  const switchTo = async (target: SubAccount, currentId: string): Promise<boolean> => {
    if (target.subAccountUid === currentId) return true;
    setError(null);
    setPendingId(target.subAccountUid);
    try {
      return await gate.run(
        async (proof) => {
          await changeSubAccount(target.subAccountUid, proof);
          await refreshSession(queryClient);
        },
        kidSession && target.kidmode !== '1',
      );
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setPendingId(null);
    }
  };

  return { switchTo, dialog: gate.dialog, error, pendingId };
}
