import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Account } from '@contract/auth';

/** undefined: not known yet (GET /me pending); null: guest; otherwise the signed-in account. */
export type StoredAccount = Account | null | undefined;

type AccountState = {
  account: StoredAccount;
  setAccount: (account: Account | null) => void;
};

export const ACCOUNT_STORAGE_KEY = 'account';

export const useAccountStore = create<AccountState>()(
  persist(
    (set) => ({
      account: undefined,
      setAccount: (account) => set({ account }),
    }),
    {
      name: ACCOUNT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ account: state.account }),
    },
  ),
);

/** The signed-in account, or null/undefined (guest/unknown). */
export function useAccount(): StoredAccount {
  return useAccountStore((state) => state.account);
}
