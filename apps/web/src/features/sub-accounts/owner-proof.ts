import type { ErrorCode } from '@site/contract';
import { ApiError } from '../../api/client';
import type { OwnerProof } from '../../api/sub-accounts';

const KID_PIN_LOCKED: ErrorCode = 'KID_PIN_LOCKED';

/** Too many wrong PINs: only the owner's password (ajaxUnlockKidPin.do) lets the PIN work again. */
export function isKidPinLocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === KID_PIN_LOCKED;
}

/**
 * One box takes either the kid PIN or the owner's password: a PIN is 4–6 digits, and a password
 * always has a letter (passwordSchema), so the two never look alike.
 */
export function ownerProofOf(value: string): OwnerProof {
  return /^\d{4,6}$/.test(value) ? { ownerPin: value } : { ownerPassword: value };
}
