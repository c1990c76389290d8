/**
 * The recovery code waiting to be shown in the recovery kit (SECURITY.md "Recovery"): set right
 * after keys are made (registration, setup of an older account, a new kit from Settings), read by
 * the kit page at RECOVERY_KIT_PATH, and cleared once the person has kept it. Held in memory only:
 * a reload loses it on purpose (the code is never stored on the device), and Settings then offers
 * a new kit because the old one was never confirmed.
 */
import { create } from 'zustand';

export const RECOVERY_KIT_PATH = '/recovery-kit';

interface RecoveryKitState {
  /** The code to show (Crockford base32 groups, shared/crypto/recovery.ts), or null. */
  code: string | null;
  /** Where to go once the kit is kept (e.g. '/dashboard' after registration). */
  next: string;
  show(code: string, next?: string): void;
  clear(): void;
}

export const useRecoveryKit = create<RecoveryKitState>((set) => ({
  code: null,
  next: '/dashboard',
  show: (code, next = '/dashboard') => set({ code, next }),
  clear: () => set({ code: null }),
}));
