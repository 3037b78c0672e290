import type { ComponentType, ReactNode } from 'react';
import { levelEntity, useLevel, useLevelChoice, type EntityLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useEntityName } from '@/shared/org/entities';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { useBackFrom } from '../lib/document-entity';
import { ChurchPicker } from './church-picker';
import { Hint } from './document-parts';

/**
 * The frame of the accounting documents: the Level's entity (where the space lets the accountant
 * choose it, the church picker), the page title '{document} - {name}', the back link (the previous
 * location when one was passed, else `back`, else the index of the documents, else the place above).
 */
export function DocumentScope({
  title,
  untitledWhileLoading = false,
  back,
  Document,
  children,
}: {
  title: string;
  /** no title until the entity's name is known (the treasurer journal) */
  untitledWhileLoading?: boolean;
  back?: string | null;
  /** the document of the entity, drawn anew when the entity changes */
  Document?: ComponentType<{ entity: EntityLevel; name: string }>;
  /** else what the page draws for the entity */
  children?: (entity: EntityLevel, name: string) => ReactNode;
}) {
  const entity = levelEntity(useLevel());
  const choice = useLevelChoice();
  const paths = useSpacePaths();
  const name = useEntityName(entity);
  const backTo = useBackFrom(back ?? paths.page('journals.index') ?? paths.here);
  usePageTitle(name.data ? `${title} - ${name.data}` : untitledWhileLoading ? null : title, { back: backTo });
  return (
    <div className="journal-print space-y-4">
      {choice && (
        <ChurchPicker churches={choice.options} value={entity?.entityId ?? null} onChange={choice.choose} />
      )}
      {!entity ? (
        <Hint>
          {choice && choice.options.length === 0
            ? 'Aucune église ne vous est confiée.'
            : 'Choisissez une église pour afficher le document.'}
        </Hint>
      ) : name.isPending ? (
        <LogoLoader />
      ) : Document ? (
        <Document key={`${entity.entityType}-${entity.entityId}`} entity={entity} name={name.data ?? ''} />
      ) : (
        children?.(entity, name.data ?? '')
      )}
    </div>
  );
}
