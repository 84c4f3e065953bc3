import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-21-001-accounts';
import * as catalogueBasics from './2026-11-21-002-catalogue-basics';
import * as products from './2026-11-21-003-products';
import * as ordersBanners from './2026-11-21-004-orders-banners';
import * as accountSecurity from './2026-11-21-005-account-security';
import * as productJson from './2026-11-21-006-product-json';
import * as productList from './2026-11-21-007-product-list';
import * as productTextFromApp from './2026-11-25-008-product-text-from-app';
import * as tempUploadBytes from './2026-11-26-009-temp-upload-bytes';
import * as sharedLimits from './2026-11-26-020-shared-limits';
import * as staffRoles from './2026-11-26-030-staff-roles';
import * as normalisedEmails from './2026-11-26-041-normalised-emails';
import * as trash from './2026-11-26-050-trash';
import * as activity from './2026-11-26-060-activity';
import * as jobs from './2026-11-26-070-jobs';
import * as bulkEdits from './2026-11-26-071-bulk-edits';
import * as savedViews from './2026-11-26-080-saved-views';
import * as orderNotesInvoices from './2026-11-26-081-order-notes-invoices';
import * as listSorts from './2026-11-26-082-list-sorts';
import * as lowStock from './2026-11-26-090-low-stock';
import * as activityWriteCost from './2026-11-26-091-activity-write-cost';

/**
 * Every migration, in order. Listed here (not read from a folder) so the bundled
 * server carries them. Names are dated; a migration never imports app code.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
  '2026-11-21-002-catalogue-basics': catalogueBasics,
  '2026-11-21-003-products': products,
  '2026-11-21-004-orders-banners': ordersBanners,
  '2026-11-21-005-account-security': accountSecurity,
  '2026-11-21-006-product-json': productJson,
  '2026-11-21-007-product-list': productList,
  '2026-11-25-008-product-text-from-app': productTextFromApp,
  '2026-11-26-009-temp-upload-bytes': tempUploadBytes,
  '2026-11-26-020-shared-limits': sharedLimits,
  '2026-11-26-030-staff-roles': staffRoles,
  '2026-11-26-041-normalised-emails': normalisedEmails,
  '2026-11-26-050-trash': trash,
  '2026-11-26-060-activity': activity,
  '2026-11-26-070-jobs': jobs,
  '2026-11-26-071-bulk-edits': bulkEdits,
  '2026-11-26-080-saved-views': savedViews,
  '2026-11-26-081-order-notes-invoices': orderNotesInvoices,
  '2026-11-26-082-list-sorts': listSorts,
  '2026-11-26-090-low-stock': lowStock,
  '2026-11-26-091-activity-write-cost': activityWriteCost,
};
