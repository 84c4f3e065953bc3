import type { ActivityAction, ActivityEntity } from '@shopdesk/contract';

/**
 * What a mutating route declares about the activity log (api.md §11), in its route options
 * (`config.activity`), beside its permission. The activity module's recorder reads it when the
 * request's unit of work runs and writes the entry inside that same transaction, so no service
 * calls the log itself.
 */
export interface ActivityDeclaration {
  action: ActivityAction;
  /**
   * The kind of record; `trashed`: the record a trash entry holds (restore and purge, whose path
   * parameter `trashId` names the entry): its own kind and id are read from the entry.
   */
  entity: ActivityEntity | 'trashed';
  /**
   * The path parameter naming the record (default `id`). A route without one (a create, a
   * sign-in) names its record by what its unit of work answers: the new id, or an object whose
   * `id` it is.
   */
  param?: string;
  /** An update whose only change is the record's `status` is logged as a `status` entry (orders). */
  statusOnly?: true;
  /** The record is the caller's own account (two-step sign-in set up or turned off). */
  ownAccount?: true;
  /**
   * The unit of work changes several records of `entity` (bulk edit): the service names them
   * when it runs it (`ctx.transaction(unit, { records })`), and each record that changed gets
   * its own entry.
   */
  many?: true;
  /** A refusal (401) of this route is itself logged under this action: a failed sign-in. */
  refused?: 'signin_failed';
}

/**
 * A route that changes no record of the shop's is declared `{ none: why }`: the caller's own
 * session ending, a temporary upload not yet part of any record. The activity test checks these
 * write no entry, and that every other mutating route writes exactly one.
 */
export type RouteActivity = ActivityDeclaration | { none: string };
