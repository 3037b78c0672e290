import type { Db } from '../../db/client';
import { holdersOf } from '../../permissions/holders';
import { notify, recipient, type Recipient } from './service';

// The events that notify (decision 0026), each called by the service of the event inside its transaction.

const money = (amount: number) => `${new Intl.NumberFormat('fr-FR').format(amount).replace(/\s/g, ' ')} FCFA`;

type ExpenseRef = { id: number; title: string; amount: number; entity_type: string; entity_id: number };

/** The page of an expense request in the recipient's space (the region has no detail page). */
export function expenseLink(request: ExpenseRef, r: Recipient): string {
  switch (request.entity_type) {
    case 'CHURCH':
      return r.accountant ? `/espace-comptable/depenses/${request.id}` : `/mon-eglise/depenses/${request.id}`;
    case 'SECTION':
      return `/ma-section/depenses/${request.id}`;
    case 'REGION':
      return '/ma-region/depenses';
    case 'NATIONAL_OFFICE':
      return `/mon-bureau-national/espace-comptable/depenses/${request.id}`;
    default:
      return `/departements/${request.entity_id}/depenses`;
  }
}

const expense = (request: ExpenseRef) => ({
  resourceType: 'expense_request',
  resourceId: request.id,
  link: (r: Recipient) => expenseLink(request, r),
});

/** A new request: those who approve at its entity. */
export async function expenseRequestCreated(tx: Db, request: ExpenseRef, authorId: number): Promise<void> {
  await notify(
    tx,
    await holdersOf(tx, ['expense_request:approve'], request.entity_type, request.entity_id, [authorId]),
    {
      kind: 'expense_request.to_approve',
      title: 'Demande de dépense à approuver',
      body: `« ${request.title} » (${money(request.amount)}) attend votre approbation.`,
      ...expense(request),
    },
  );
}

/** Approved: its author, and those who pay at its entity. Rejected: its author. */
export async function expenseRequestDecided(
  tx: Db,
  request: ExpenseRef & { created_by: number },
  decision: 'approved' | 'rejected',
  actorId: number,
  reason: string | null,
): Promise<void> {
  const author = request.created_by === actorId ? [] : await recipient(tx, request.created_by);
  if (decision === 'rejected') {
    await notify(tx, author, {
      kind: 'expense_request.rejected',
      title: 'Demande de dépense rejetée',
      body: `« ${request.title} » a été rejetée${reason ? ` : ${reason}` : '.'}`,
      ...expense(request),
    });
    return;
  }
  const payers = await holdersOf(tx, ['expense:validate'], request.entity_type, request.entity_id, [actorId]);
  await notify(tx, [...author, ...payers], {
    kind: 'expense_request.approved',
    title: 'Demande de dépense approuvée',
    body: `« ${request.title} » (${money(request.amount)}) est approuvée et peut être payée.`,
    ...expense(request),
  });
}

/** A line paid: the request's author. */
export async function expenseLinePaid(
  tx: Db,
  request: ExpenseRef & { created_by: number },
  line: string,
  amount: number,
  actorId: number,
): Promise<void> {
  if (request.created_by === actorId) return;
  await notify(tx, await recipient(tx, request.created_by), {
    kind: 'expense_request.paid',
    title: 'Dépense payée',
    body: `${money(amount)} payés sur « ${line} » de la demande « ${request.title} ».`,
    ...expense(request),
  });
}

/** A permission granted: the grantee. */
export async function permissionGranted(
  tx: Db,
  grant: { id: number; userId: number; permission: string; expiresAt: Date | null },
  actorId: number,
): Promise<void> {
  if (grant.userId === actorId) return;
  const until = grant.expiresAt
    ? ` jusqu’au ${grant.expiresAt.toISOString().slice(0, 10).split('-').reverse().join('/')}`
    : '';
  await notify(tx, await recipient(tx, grant.userId), {
    kind: 'permission.granted',
    title: 'Permission accordée',
    body: `La permission « ${grant.permission} » vous a été accordée${until}.`,
    link: () => '/mon-profil',
    resourceType: 'user_permission',
    resourceId: grant.id,
  });
}

/** A faithful's transfer requested: those who manage the members of the receiving church. */
export async function transferRequested(
  tx: Db,
  transfer: { id: number; faithful: string; toChurchId: number },
  actorId: number,
): Promise<void> {
  await notify(
    tx,
    await holdersOf(tx, ['user:update', 'member:update'], 'church', transfer.toChurchId, [actorId]),
    {
      kind: 'faithful_transfer.to_confirm',
      title: 'Transfert de fidèle à confirmer',
      body: `Le transfert de ${transfer.faithful} vers votre église attend votre confirmation.`,
      link: () => '/mon-eglise/fideles/transfert',
      resourceType: 'faithful_transfer',
      resourceId: transfer.id,
    },
  );
}

type SubscriptionRef = { id: number; amount: number; groupType: string; groupId: number; endDate: string };

function subscriptionLink(s: SubscriptionRef): string | null {
  if (s.groupType === 'church') return `/mon-eglise/souscriptions/${s.id}`;
  if (s.groupType === 'national_office') return `/mon-bureau-national/souscriptions/${s.id}`;
  return null;
}

/** A subscription billed (due) or paid: those who pay it for the group. */
export async function subscriptionEvent(
  tx: Db,
  s: SubscriptionRef,
  event: 'due' | 'paid',
  actorId: number | null,
): Promise<void> {
  const to = await holdersOf(
    tx,
    ['subscription:pay'],
    s.groupType,
    s.groupId,
    actorId === null ? [] : [actorId],
  );
  await notify(tx, to, {
    kind: event === 'due' ? 'subscription.due' : 'subscription.paid',
    title: event === 'due' ? 'Souscription à payer' : 'Souscription payée',
    body:
      event === 'due'
        ? `Une souscription de ${money(s.amount)} est à payer (période jusqu’au ${s.endDate}).`
        : `La souscription de ${money(s.amount)} est payée.`,
    link: () => subscriptionLink(s),
    resourceType: 'subscription',
    resourceId: s.id,
  });
}

type ReportRef = { id: number; title: string; ownerType: string; ownerId: number };

/** The home of a level's own space, where its reports are ('/ma-section'). */
const SPACE_ROOT: Record<string, string> = {
  church: '/mon-eglise',
  section: '/ma-section',
  region: '/ma-region',
  national_office: '/mon-bureau-national',
};

/**
 * A report submitted to the level above: those who may send it back there (report:update on the
 * parent), at its page in the parent's space (a section's report under the region's sections, a
 * region's under the office's regions; a church's or a department's at the parent's own reports).
 */
export async function activityReportSubmitted(
  tx: Db,
  report: ReportRef,
  parent: { type: string; id: number },
  actorId: number,
): Promise<void> {
  const link =
    report.ownerType === 'section' && parent.type === 'region'
      ? `/ma-region/sections/${report.ownerId}/rapport-activites/${report.id}`
      : report.ownerType === 'region' && parent.type === 'national_office'
        ? `/mon-bureau-national/regions/${report.ownerId}/rapport-activites/${report.id}`
        : SPACE_ROOT[parent.type]
          ? `${SPACE_ROOT[parent.type]}/rapport-activites/${report.id}`
          : null;
  await notify(tx, await holdersOf(tx, ['report:update'], parent.type, parent.id, [actorId]), {
    kind: 'activity_report.submitted',
    title: 'Rapport d’activités soumis',
    body: `Le rapport « ${report.title} » vous a été soumis.`,
    link: () => link,
    resourceType: 'activity_report',
    resourceId: report.id,
  });
}

/** A report sent back: its author and whoever submitted it, at its page in their own space. */
export async function activityReportReturned(
  tx: Db,
  report: ReportRef & { createdBy: number | null; submittedBy: number | null },
  comment: string,
  actorId: number,
): Promise<void> {
  const people = [...new Set([report.createdBy, report.submittedBy])].filter(
    (id): id is number => id !== null && id !== actorId,
  );
  const to = (await Promise.all(people.map((id) => recipient(tx, id)))).flat();
  const link =
    report.ownerType === 'department'
      ? `/departements/${report.ownerId}/dashboard`
      : SPACE_ROOT[report.ownerType]
        ? `${SPACE_ROOT[report.ownerType]}/rapport-activites/${report.id}`
        : null;
  await notify(tx, to, {
    kind: 'activity_report.returned',
    title: 'Rapport d’activités renvoyé',
    body: `Le rapport « ${report.title} » vous est renvoyé : ${comment}`,
    link: () => link,
    resourceType: 'activity_report',
    resourceId: report.id,
  });
}

type OnlineGiftRef = {
  contributionId: number;
  checkoutId: number;
  churchId: number;
  amount: number;
  typeLabel: string;
  entityName: string;
  giver: string;
  /** the member who gave; null for a guest */
  userId: number | null;
};

/**
 * An online gift confirmed by the provider and recorded (decision 0043): the member who gave (their
 * receipt), and those who keep the church's online giving (its treasurers: 'Paiements en ligne').
 */
export async function onlineGiftRecorded(tx: Db, gift: OnlineGiftRef): Promise<void> {
  if (gift.userId !== null)
    await notify(tx, await recipient(tx, gift.userId), {
      kind: 'online_gift.received',
      title: 'Don en ligne reçu',
      body: `Votre don de ${money(gift.amount)} (${gift.typeLabel}) à ${gift.entityName} est confirmé : votre reçu est prêt.`,
      link: () => `/mes-contributions/${gift.contributionId}`,
      resourceType: 'contribution',
      resourceId: gift.contributionId,
    });
  await notify(
    tx,
    await holdersOf(
      tx,
      ['online_giving:manage'],
      'church',
      gift.churchId,
      gift.userId === null ? [] : [gift.userId],
    ),
    {
      kind: 'online_gift.recorded',
      title: 'Don en ligne enregistré',
      body: `${gift.giver} a donné ${money(gift.amount)} en ligne (${gift.typeLabel}, ${gift.entityName}).`,
      link: (r) => (r.accountant ? null : '/mon-eglise/paiements-en-ligne'),
      resourceType: 'giving_checkout',
      resourceId: gift.checkoutId,
    },
  );
}
