import { createContext, useContext } from 'react';
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

/**
 * The account a page drawn on the server is drawn for (src/app/prerender.tsx, decision 0037): there the
 * store answers its initial state (React's server snapshot), and one process draws for many users.
 * Never provided in the browser.
 */
export const DrawnAccountContext = createContext<Account | null>(null);

/** The signed-in account, or null/undefined (guest/unknown). */
export function useAccount(): StoredAccount {
  const drawn = useContext(DrawnAccountContext);
  const stored = useAccountStore((state) => state.account);
  return drawn ?? stored;
}

/**
 * Whether the signed-in user leads this department (GET /me's `departments`): its leader reads its
 * money and asks for its expenses without a finance permission (decision 0047). False for no department.
 */
export function useLeadsDepartment(departmentId: number | null): boolean {
  const account = useAccount();
  if (departmentId === null) return false;
  return account?.departments?.some((d) => d.id === departmentId && d.role === 'leader') === true;
}
