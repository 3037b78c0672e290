import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatPhone } from '@/shared/lib/format';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import type { PageId } from '@/shared/routing/page-route';
import { useIsRegistered } from '@/shared/routing/space';
import { useSpacePaths, type SpacePaths } from '@/shared/routing/space-paths';
import { useEntity } from '@/shared/org/entities';
import { EntityLink } from '../components/entity-link';
import { entityOf, ORG_KINDS, targetOf, type OrgEntity, type OrgKind } from '../kinds';
import { FormError } from '@/shared/ui/form-error';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { useOrgAbilities } from '../api/org-abilities';
import { ArchiveDialog } from '../components/archive-dialog';
import { MoveChurchDialog } from '../components/move-church-dialog';
import { OrgFormDialog } from '../components/org-form-dialog';

/** A section of the entity's page (its sections, its receipts...): a page of the entity's Level. */
export type DetailLink = { label: string; page: PageId; description?: string };

export type EntityDetailPageProps = {
  kind: OrgKind;
  /** shown only where the space has the page (no link to the not-found page) */
  links?: DetailLink[];
};

type Fact = { label: string; value: ReactNode };

/** The leading position of each level (SPEC.md section 6), shown from the positions. */
const LEADER_LABEL: Record<OrgKind, string> = {
  'national-offices': 'Président national',
  regions: 'Président de région',
  sections: 'Représentant de section',
  churches: 'Pasteur titulaire',
};

function factsOf(kind: OrgKind, entity: OrgEntity): Fact[] {
  const facts: Fact[] = [];
  const num = (value: number | undefined) => (value === undefined ? null : String(value));
  const push = (label: string, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== '') facts.push({ label, value });
  };
  if (kind === 'churches' || kind === 'sections') {
    if (entity.region) {
      push(
        'Région',
        <EntityLink type="REGION" target={{ id: entity.region.id }} name={entity.region.name} />,
      );
    }
  }
  if (kind === 'churches' && entity.section) {
    push(
      'Section',
      <EntityLink
        type="SECTION"
        target={{ id: entity.section.id, region_id: entity.region?.id ?? null }}
        name={entity.section.name}
      />,
    );
  }
  if (kind !== 'national-offices') push('Bureau national', entity.nationalOffice?.name);
  push(LEADER_LABEL[kind], entity.leader ? `${entity.leader.name} (${entity.leader.role})` : 'Aucun');
  push('Ville', entity.city || 'Non renseignée');
  push('Adresse', entity.address || 'Non renseignée');
  push('Téléphone', formatPhone(entity.phone));
  push('E-mail', entity.email || 'Non renseignée');
  if (kind === 'national-offices') push('Régions', num(entity.regions_count));
  if (kind === 'national-offices' || kind === 'regions') push('Sections', num(entity.sections_count));
  if (kind !== 'churches') push('Églises', num(entity.churches_count));
  if (entity.created_at) push('Créé le', formatDate(entity.created_at));
  return facts;
}

function parentPath(kind: OrgKind, entity: OrgEntity, entityPath: SpacePaths['entity']): string | null {
  const target = targetOf(entity);
  if (kind === 'churches' && target.section_id) {
    return entityPath('SECTION', { id: target.section_id, region_id: target.region_id });
  }
  if (kind === 'sections' && target.region_id) return entityPath('REGION', { id: target.region_id });
  if (kind === 'regions' && target.national_office_id) {
    return entityPath('NATIONAL_OFFICE', { id: target.national_office_id });
  }
  return null;
}

/** The page of one national office, region, section or church: the Level's entity. */
export function EntityDetailPage({ kind, links = [] }: EntityDetailPageProps) {
  const info = ORG_KINDS[kind];
  const level = useLevel();
  const { entityId } = level;
  const abilities = useOrgAbilities(kind, level);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'archive' | 'move' | null>(null);
  const paths = useSpacePaths();
  const detail = useEntity<OrgEntity>(entityOf(kind, entityId));
  // Back to the list of these entities in the space, else to the page of the entity's parent.
  const isRegistered = useIsRegistered();
  const parentPage = detail.data ? parentPath(kind, detail.data, paths.entity) : null;
  usePageTitle(detail.data?.name ?? info.singular, {
    back: paths.record(`org.${kind}`) ?? (parentPage && isRegistered(parentPage) ? parentPage : null),
  });

  if (detail.isPending) return <LogoLoader />;
  if (detail.isError) {
    return <FormError message={errorMessage(detail.error)} className="mx-auto max-w-3xl" />;
  }

  const entity = detail.data;
  const sections = links.flatMap((link) => {
    const to = paths.page(link.page);
    return to ? [{ ...link, to }] : [];
  });
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <section
        aria-labelledby="entity-facts"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{info.singular}</p>
            <h2 id="entity-facts" className="mt-1 text-xl font-semibold text-slate-900">
              {entity.name} {entity.archived_at && <Badge>Archivée</Badge>}
            </h2>
          </div>
          <div className="flex flex-wrap gap-2">
            {abilities.update && !entity.archived_at && (
              <Button size="sm" variant="secondary" onClick={() => setDialog('edit')}>
                Modifier
              </Button>
            )}
            {abilities.move && kind === 'churches' && !entity.archived_at && (
              <Button size="sm" variant="secondary" onClick={() => setDialog('move')}>
                Déplacer
              </Button>
            )}
            {abilities.archive && (
              <Button size="sm" variant="ghost" onClick={() => setDialog('archive')}>
                {entity.archived_at ? 'Restaurer' : 'Archiver'}
              </Button>
            )}
          </div>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          {factsOf(kind, entity).map((fact) => (
            <div key={fact.label}>
              <dt className="text-xs text-slate-500">{fact.label}</dt>
              <dd className="text-sm text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {sections.length > 0 && (
        <nav aria-label={`Rubriques : ${entity.name}`}>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
                >
                  <span className="font-semibold text-slate-900">{link.label}</span>
                  {link.description && (
                    <span className="mt-1 text-sm text-slate-500">{link.description}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <OrgFormDialog kind={kind} open={dialog === 'edit'} entity={entity} onClose={() => setDialog(null)} />
      <ArchiveDialog
        kind={kind}
        entity={dialog === 'archive' ? entity : null}
        onClose={() => setDialog(null)}
        onDone={(outcome) => {
          const back = paths.record(`org.${kind}`) ?? parentPage;
          if (outcome === 'deleted' && back) void navigate(back);
        }}
      />
      <MoveChurchDialog church={dialog === 'move' ? entity : null} onClose={() => setDialog(null)} />
    </div>
  );
}

export default EntityDetailPage;
