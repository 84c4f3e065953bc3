import { z } from 'zod';
import { trashEntityNames } from './trash';

/**
 * The activity log (api.md §11): one entry per change made through the API, written in the
 * same transaction as the change. The server writes entries; the Activity screen and the History
 * panels read them.
 */
export const activityActions = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'status',
  'import',
  'bulk',
  'signin',
  'signin_failed',
  'role',
  'invite',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/**
 * The kinds of record an entry names: the families by their path names. What the trash holds
 * (api.md §12) is named the same way and listed there.
 */
export const activityEntities = [...trashEntityNames, 'order', 'user', 'role', 'view'] as const;
export type ActivityEntity = (typeof activityEntities)[number];

export const activityPath = '/api/activity';

/** Who made a change: the account as it was named then; null for a failed sign-in of no account. */
export const activityActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ActivityActor = z.infer<typeof activityActorSchema>;

/** `{field: [before, after]}` for the fields that changed (never hashes, tokens or secrets). */
export const activityChangesSchema = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type ActivityChanges = z.infer<typeof activityChangesSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: activityActorSchema.nullable(),
  action: z.enum(activityActions),
  entity: z.enum(activityEntities),
  entityId: z.string(),
  entityName: z.string(),
  changes: activityChangesSchema,
  requestId: z.string(),
  ip: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of entries, newest first; `nextCursor` asks for the next (older) page, null at the end. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityLimits = { defaultLimit: 50, maxLimit: 200 } as const;

export const activityMessages = {
  badTime: (field: string) => `${field} must be a date and time (ISO 8601)`,
  badCursor: 'cursor is not one this server gave',
  badLimit: `limit must be a whole number from 1 to ${activityLimits.maxLimit}`,
  badEntity: `entity must be one of: ${activityEntities.join(', ')}`,
  badAction: `action must be one of: ${activityActions.join(', ')}`,
} as const;

/** A moment: an ISO 8601 date or date and time, kept as the server's own ISO form. */
const moment = (field: string) =>
  z
    .string({ error: activityMessages.badTime(field) })
    .max(40)
    .refine(
      (text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)),
      activityMessages.badTime(field),
    )
    .transform((text) => new Date(text).toISOString());

/** `GET /api/activity` filters: who, what, when, which record; a cursor and a page size. */
export const activityQuerySchema = z.object({
  entity: z.enum(activityEntities, { error: activityMessages.badEntity }).optional(),
  entityId: z.string().min(1).max(64).optional(),
  actor: z.string().min(1).max(64).optional(),
  action: z.enum(activityActions, { error: activityMessages.badAction }).optional(),
  from: moment('from').optional(),
  to: moment('to').optional(),
  cursor: z.string().min(1).max(120).optional(),
  limit: z.coerce
    .number({ error: activityMessages.badLimit })
    .int(activityMessages.badLimit)
    .min(1, activityMessages.badLimit)
    .max(activityLimits.maxLimit, activityMessages.badLimit)
    .optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** `GET /api/activity/{entity}/{id}`: one record's history. */
export const activityRecordParamsSchema = z.object({
  entity: z.enum(activityEntities, { error: activityMessages.badEntity }),
  id: z.string().min(1).max(64),
});
