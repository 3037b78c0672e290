import type { ReactNode } from 'react';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { usePageTitle } from '@/shared/level/page-title';
import { useEntityName } from '../api/journal-queries';
import type { DocumentEntity } from '../api/keys';
import { useBackFrom, useDocumentEntity, type DocumentPlace } from '../lib/document-entity';
import { ChurchPicker } from './church-picker';
import { Hint } from './document-parts';

/**
 * The frame of the general journal, the account journal and the financial report: the entity (the
 * level, or the accountant's chosen church), the page title '{document} - {name}', the back link.
 */
export function DocumentScope({
  place,
  title,
  back,
  children,
}: {
  place: DocumentPlace;
  title: string;
  back: string;
  children: (entity: DocumentEntity, name: string) => ReactNode;
}) {
  const { entity, churches, chooseChurch } = useDocumentEntity(place);
  const name = useEntityName(entity);
  const backTo = useBackFrom(back);
  usePageTitle(name.data ? `${title} - ${name.data}` : title, { back: backTo });
  return (
    <div className="journal-print space-y-4">
      {place === 'accountant-choose' && (
        <ChurchPicker churches={churches} value={entity?.entityId ?? null} onChange={chooseChurch} />
      )}
      {!entity ? (
        <Hint>
          {churches.length === 0
            ? 'Aucune église ne vous est confiée.'
            : 'Choisissez une église pour afficher le document.'}
        </Hint>
      ) : name.isPending ? (
        <LogoLoader />
      ) : (
        children(entity, name.data ?? '')
      )}
    </div>
  );
}
