import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KIND_VALUES } from '../../../../contract/notifications';
// The value lists the API shares with the SPA are the contract's, re-exported here.
import { PERMISSION_SCOPES } from '../../../../contract/values/permissions';
import { ROLE_GROUPS } from '../../../../contract/values/roles';
import { createdAt, updatedAt } from './columns';

// ---------------------------------------------------------------- organisation

/**
 * The contact fields every level of the organisation carries (decision 0022), and its archive mark: an
 * entity with members or money is archived rather than deleted, and leaves the lists.
 */
const orgContact = () => ({
  city: text('city'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

export const nationalOffices = pgTable('national_offices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...orgContact(),
  createdAt: createdAt(),
});

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nationalOfficeId: integer('national_office_id')
      .notNull()
      .references(() => nationalOffices.id),
    ...orgContact(),
    createdAt: createdAt(),
  },
  (t) => [index('regions_national_office_idx').on(t.nationalOfficeId)],
);

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    ...orgContact(),
    createdAt: createdAt(),
  },
  (t) => [index('sections_region_idx').on(t.regionId)],
);

export const churches = pgTable(
  'churches',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id),
    ...orgContact(),
    createdAt: createdAt(),
  },
  (t) => [index('churches_section_idx').on(t.sectionId)],
);

/**
 * The moves of a church from one section to another (decision 0027): a church belonged to `from_section_id`
 * until `effective_date` (excluded) and to `to_section_id` from it. The history of a church's money stays
 * where it was made: a section's or a region's totals for a period count a church's movement under the
 * section it belonged to on the movement's date (church_periods in server/src/modules/treasury/totals.ts).
 */
export const churchMoves = pgTable(
  'church_moves',
  {
    id: serial('id').primaryKey(),
    churchId: integer('church_id')
      .notNull()
      .references(() => churches.id),
    fromSectionId: integer('from_section_id')
      .notNull()
      .references(() => sections.id),
    toSectionId: integer('to_section_id')
      .notNull()
      .references(() => sections.id),
    /** the first day (Africa/Abidjan) the church belongs to `to_section_id` */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('church_moves_church_idx').on(t.churchId, t.effectiveDate)],
);

/** Scopes of roles and permissions (SPEC.md section 6). */
export const SCOPES = PERMISSION_SCOPES;
export type Scope = (typeof SCOPES)[number];

/** Departments (activity groups) hang on an entity of any level. entity_type uses the scope names. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    entityType: text('entity_type').$type<Exclude<Scope, 'global' | 'department'>>().notNull(),
    entityId: integer('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('departments_entity_idx').on(t.entityType, t.entityId)],
);

// ---------------------------------------------------------------- users

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** stored lower-cased */
    email: text('email'),
    /** stored normalised: digits with an optional leading + */
    phone: text('phone'),
    /** 'Matricule' */
    registrationNumber: text('registration_number'),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** the church the user belongs to as a faithful member */
    churchId: integer('church_id').references(() => churches.id),
    gender: text('gender').$type<'M' | 'F'>(),
    birthDate: text('birth_date'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_registration_number_uq').on(t.registrationNumber),
    index('users_church_idx').on(t.churchId),
    index('users_name_idx').on(t.lastname, t.firstname),
    // faithful lists (GET /users/faithful): one church's page in name order straight from the index;
    // the trigram index of the search is created by migration 0003 when pg_trgm exists
    index('users_church_name_idx').on(t.churchId, t.lastname, t.firstname, t.id),
  ],
);

// ---------------------------------------------------------------- roles

/** Groups in which roles are assigned (SPEC.md section 6) and the scope each maps to. */
export const GROUPS = ROLE_GROUPS;
export type Group = (typeof GROUPS)[number];

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  /** '{scope}::{position}', or 'admin', 'external-accountant', 'faithful' */
  code: text('code').notNull().unique(),
  /** French label, e.g. 'Pasteur titulaire' */
  name: text('name').notNull(),
  /** national_office | region | section | church, null for global roles */
  scope: text('scope').$type<'national_office' | 'region' | 'section' | 'church'>(),
  /** display priority: lower first */
  priority: integer('priority').notNull().default(100),
});

/** A role held by a user in one group (a national office, region, section or church). Global roles
 * (admin, external-accountant, faithful) have no group. */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    group: text('group').$type<Group>(),
    groupId: integer('group_id'),
    assignedBy: integer('assigned_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('role_assignments_uq').on(
      t.userId,
      t.roleId,
      sql`coalesce(${t.group}, '')`,
      sql`coalesce(${t.groupId}, 0)`,
    ),
    index('role_assignments_group_idx').on(t.group, t.groupId),
    index('role_assignments_user_idx').on(t.userId),
  ],
);

/** Churches an external accountant manages. */
export const managedChurches = pgTable(
  'managed_churches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    churchId: integer('church_id')
      .notNull()
      .references(() => churches.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.churchId] })],
);

// ---------------------------------------------------------------- permissions

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  /** 'resource:action', e.g. 'expense:approve' */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  resource: text('resource').notNull(),
  action: text('action').notNull(),
  /** the scopes this permission can be granted in */
  scopes: text('scopes').array().$type<Scope[]>().notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** A permission granted to one user, optionally on one entity, optionally until a date. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
    /** a scope name; 'global' when the grant is not tied to an entity level */
    entityType: text('entity_type').$type<Scope>().notNull(),
    entityId: integer('entity_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedBy: integer('granted_by').references(() => users.id),
    grantedAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [index('user_permissions_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- sessions, audit, idempotency

/**
 * Failed sign-ins of the last window (decision 0014, section 5): shared by every server
 * process. `account_key` is the account (`user:<id>`, all its identifiers together) or, for an unknown
 * identifier, the identifier typed (`login:<normalised>`); `address` the client's address.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.accountKey, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
  ],
);

/**
 * Fixed-window counters of the limits other than the sign-in's (decision 0041), shared by every server
 * process: one row per `kind` ('receipt': the public receipt page) and `key` (the client's address),
 * counting the `hits` of the window that began at `window_start`. A hit is one atomic upsert; rows of
 * an ended window are purged.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('rate_limits_window_idx').on(t.kind, t.windowStart),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 of the cookie token: a leaked table does not give usable cookies */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Append-only record of every write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    /** e.g. 'login', 'church.create', 'permission.grant' */
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    data: jsonb('data'),
    ip: text('ip'),
    createdAt: createdAt(),
    /**
     * The tamper-evident chain (decision 0044): the record's place in the one global chain, and
     * sha256(the previous record's hash | this record's fields), both set by the table's trigger under
     * the lock of `audit_chain_head`. `npm run audit:verify` recomputes them.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }).unique(),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_user_idx').on(t.userId),
  ],
);

/** The end of the audit chain: one row, locked by each insert into audit_log until its commit. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});

/** Answers of money writes by Idempotency-Key: the same key replays the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** null while the first request is still running */
    statusCode: integer('status_code'),
    body: jsonb('body'),
    /** sha-256 of the request's body: the same key with another body answers 422 (decision 0014) */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ---------------------------------------------------------------- faithful transfers

export const TRANSFER_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * A faithful's move to another church (/mon-eglise/fideles/transfert): requested by the sending
 * church, applied only when the receiving church accepts. Contributions stay where they were made.
 */
export const faithfulTransfers = pgTable(
  'faithful_transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromChurchId: integer('from_church_id')
      .notNull()
      .references(() => churches.id),
    toChurchId: integer('to_church_id')
      .notNull()
      .references(() => churches.id),
    status: text('status').$type<TransferStatus>().notNull().default('pending'),
    reason: text('reason'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('faithful_transfers_to_idx').on(t.toChurchId, t.status),
    index('faithful_transfers_from_idx').on(t.fromChurchId, t.status),
    // one pending transfer per faithful at a time
    uniqueIndex('faithful_transfers_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------- notifications

/**
 * What happened, for the SPA's icon and the tests; the text itself is in `title` and `body`. The list is
 * the contract's (contract/notifications.ts), which the SPA reads too.
 */
export const NOTIFICATION_KINDS = NOTIFICATION_KIND_VALUES;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One user's notice of an event (decision 0026), written in the event's own transaction. Each user reads
 * only their own; `link` is the SPA path of the page the event concerns.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** the record the event concerns ('expense_request', 42) */
    resourceType: text('resource_type'),
    resourceId: integer('resource_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    // a permission about to expire is told once per grant (written when its holder reads: decision 0031)
    uniqueIndex('notifications_expiring_uq')
      .on(t.userId, t.resourceId)
      .where(sql`kind = 'permission.expiring'`),
  ],
);
