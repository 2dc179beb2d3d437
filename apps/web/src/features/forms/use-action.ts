import { useCallback, useState } from 'react';

export interface ActionState {
  pending: boolean;
  error: unknown;
  /** The confirmation to show after the last success ('' for none). */
  success: string;
}

const idle: ActionState = { pending: false, error: null, success: '' };

/**
 * The state of one form's action. `work` resolves to the success message, or null when the
 * person cancelled half-way (an owner-proof dialog closed); a rejection becomes `error`.
 * `perform` resolves true after a success.
 */
export function useAction() {
  const [state, setState] = useState<ActionState>(idle);
  const perform = useCallback(async (work: () => Promise<string | null>): Promise<boolean> => {
    setState({ pending: true, error: null, success: '' });
    try {
      const message = await work();
      setState({ pending: false, error: null, success: message ?? '' });
      return message !== null;
    } catch (error) {
      setState({ pending: false, error, success: '' });
      return false;
    }
  }, []);
  const reset = useCallback(() => setState(idle), []);
  return { ...state, perform, reset };
}
