import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Account, ChurchRef, Role } from '@contract/auth';
import type { EntityRef } from '@contract/common';

/** The leader's context: the groups of their leadership roles, taken from the account. */
export type LeaderContext = {
  church: ChurchRef | null;
  section: EntityRef | null;
  region: EntityRef | null;
  nationalOffice: EntityRef | null;
  roles: Role[];
  managedChurches: EntityRef[];
};

type LeaderState = LeaderContext & {
  setFromAccount: (account: Account) => void;
  clear: () => void;
};

export const LEADER_STORAGE_KEY = 'leader-account-storage';

export const EMPTY_LEADER_CONTEXT: LeaderContext = {
  church: null,
  section: null,
  region: null,
  nationalOffice: null,
  roles: [],
  managedChurches: [],
};

export const useLeaderStore = create<LeaderState>()(
  persist(
    (set) => ({
      ...EMPTY_LEADER_CONTEXT,
      setFromAccount: (account) =>
        set({
          church: account.church ?? null,
          section: account.section ?? null,
          region: account.region ?? null,
          nationalOffice: account.nationalOffice ?? null,
          roles: account.roles ?? [],
          managedChurches: account.managedChurches ?? [],
        }),
      clear: () => set({ ...EMPTY_LEADER_CONTEXT }),
    }),
    {
      name: LEADER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ church, section, region, nationalOffice, roles, managedChurches }) => ({
        church,
        section,
        region,
        nationalOffice,
        roles,
        managedChurches,
      }),
    },
  ),
);
