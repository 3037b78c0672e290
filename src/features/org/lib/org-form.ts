import { z } from 'zod';
import { ORG_NAME_REQUIRED, orgContactFields, orgNameField, type UpdateOrgBody } from '@contract/org';
import type { OrgEntity, OrgKind } from '../kinds';

/** The level of a kind, as the server's messages name it. */
export const LEVEL_OF_KIND = {
  'national-offices': 'national_office',
  regions: 'region',
  sections: 'section',
  churches: 'church',
} as const satisfies Record<OrgKind, keyof typeof ORG_NAME_REQUIRED>;

/** The kind each kind hangs on (a national office hangs on nothing). */
export const PARENT_KIND: Record<OrgKind, OrgKind | null> = {
  'national-offices': null,
  regions: 'national-offices',
  sections: 'regions',
  churches: 'sections',
};

/** The body field naming the parent. */
export const PARENT_FIELD = {
  regions: 'national_office_id',
  sections: 'region_id',
  churches: 'section_id',
} as const;

export const PARENT_REQUIRED: Record<OrgKind, string | null> = {
  'national-offices': null,
  // the server takes the user's national office when none is chosen
  regions: null,
  sections: 'La région est requise.',
  churches: 'La section est requise.',
};

/**
 * The form of an organisation entity, checked with the server's own fields and French messages
 * (contract/org.ts): the name, the optional contact fields, and the parent when one is to be chosen.
 */
export function orgFormSchema(kind: OrgKind, options: { pickParent: boolean }) {
  const parentRequired = options.pickParent ? PARENT_REQUIRED[kind] : null;
  return z.object({
    name: orgNameField(ORG_NAME_REQUIRED[LEVEL_OF_KIND[kind]]),
    ...orgContactFields,
    parent_id: parentRequired
      ? z
          .number({ error: parentRequired })
          .nullable()
          .refine((v) => v !== null, parentRequired)
      : z.number().nullable(),
  });
}

export type OrgFormInput = z.input<ReturnType<typeof orgFormSchema>>;
export type OrgFormValues = z.output<ReturnType<typeof orgFormSchema>>;

export function orgFormDefaults(entity: OrgEntity | null): OrgFormInput {
  return {
    name: entity?.name ?? '',
    city: entity?.city ?? '',
    address: entity?.address ?? '',
    phone: entity?.phone ?? '',
    email: entity?.email ?? '',
    parent_id: null,
  };
}

export function toUpdateBody(values: OrgFormValues): UpdateOrgBody {
  return {
    name: values.name,
    city: values.city,
    address: values.address,
    phone: values.phone,
    email: values.email,
  };
}

/** The body of POST /{kind}: the fields and the parent (chosen, or the Level's). */
export function toCreateBody(kind: OrgKind, values: OrgFormValues, parentId: number | null) {
  const body: Record<string, unknown> = toUpdateBody(values);
  if (kind !== 'national-offices' && parentId !== null) body[PARENT_FIELD[kind]] = parentId;
  return body;
}
