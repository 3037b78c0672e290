import type { SpaceDefinition } from '@/shared/level/space';
import { GLOBAL_LEVEL } from '@/shared/level/level-context';
import { useAccount } from '@/shared/auth/account-store';
import { SpaceHub } from '../common/space-hub';
import { departmentBranch } from '../common/branches';
import { featureRoutes } from '../common/features';
import { SpaceLevel } from '../common/space-level';
import { PERSONAL_HOME, personalNav } from './nav';

const noEntityPage = () => null;

function PersonalHome() {
  const account = useAccount();
  return <SpaceHub title="Mon espace" subtitle={account?.faithfulChurch?.name} />;
}

export const space: SpaceDefinition = {
  key: 'personal',
  label: 'Espace personnel',
  // No prefix: the routes carry their full paths (/dashboard, /mes-contributions...).
  root: '/',
  home: PERSONAL_HOME,
  nav: personalNav,
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} root="/" entity={noEntityPage} />,
      children: [
        { path: 'dashboard', element: <PersonalHome /> },
        ...featureRoutes('personal'),
        departmentBranch({ space: 'personal', base: '/', links: ['contributions', 'depenses', 'activites'] }),
      ],
    },
  ],
};
