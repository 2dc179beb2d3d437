import type { OwnerProof } from '../../api/sub-accounts';

/**
 * One box takes either the kid PIN or the owner's password: a PIN is 4–6 digits, and a password
 * always has a letter (passwordSchema), so the two never look alike.
 */
export function ownerProofOf(value: string): OwnerProof {
  return /^\d{4,6}$/.test(value) ? { ownerPin: value } : { ownerPassword: value };
}
