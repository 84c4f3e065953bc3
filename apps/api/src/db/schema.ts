import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Portable across SQLite and PostgreSQL:
 * ids and dates are text (ISO-8601 sorts correctly), flags are 0/1 integers,
 * lists are JSON text. Repositories turn rows into contract shapes.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  password_hash: string | null;
  images: string;
  is_admin: number;
  created_at: string;
  updated_at: string;
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  totp_last_step: Generated<number>;
  /** The staff account's role (roles.id); null for a shop customer. */
  role_id: Generated<string | null>;
  /** 0: deactivated (no sign-in, no session). */
  active: Generated<number>;
}

/** The permission list (api.md §10), written by its migration. */
export interface PermissionsTable {
  name: string;
  allows: string;
}

/** Built-in roles have their names as ids and `built_in` 1. */
export interface RolesTable {
  id: string;
  name: string;
  name_key: string;
  built_in: number;
  created_at: string;
  updated_at: string;
}

export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}

/** A staff invitation: single use, 7 days; only a hash of its token is kept. */
export interface StaffInvitesTable {
  id: string;
  token_hash: string;
  email: string;
  name: string;
  role_id: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  user_agent: string;
  ip: string;
}

export interface TempUploadsTable {
  id: string;
  user_id: string;
  url: string;
  file_path: string;
  created_at: string;
  /** What the image holds in the store (main and small files), for the per-account quota. */
  bytes: Generated<number>;
}

export interface CategoriesTable {
  id: string;
  name: string;
  name_key: string;
  slug: string;
  color: string;
  images: string;
  parent_id: string | null;
  parent_key: string;
  created_at: string;
  updated_at: string;
}

export interface OptionValuesTable {
  id: string;
  family: string;
  value: string;
  value_key: string;
  created_at: string;
}

/** A sign-in or reset throttle key (lib/throttle.ts); times in ms since the epoch. */
export interface ThrottlesTable {
  key: string;
  failures: number;
  wait_ms: number;
  blocked_until: number;
  updated_at: number;
}

/** Requests from one address to one public call in the current window (plugins/rate-limits.ts). */
export interface RequestCountsTable {
  key: string;
  hits: number;
  window_ends: number;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  brand: string;
  price: number;
  old_price: number;
  cat_id: string;
  cat_name: string;
  sub_cat_id: string | null;
  sub_cat_name: string;
  count_in_stock: number;
  /** The product's own low-stock line; null: the shop's default (LOW_STOCK_THRESHOLD). */
  low_stock_threshold: number | null;
  rating: number;
  is_featured: number;
  discount: number;
  product_ram: string;
  size: string;
  product_weight: string;
  location: string;
  images: string;
  created_at: string;
  updated_at: string;
}

/** What a list page sorts and filters a product by, and its answer text (product-json.ts keeps it). */
export interface ProductListTable {
  id: string;
  cat_id: string;
  name: string;
  price: number;
  rating: number;
  /** A sort key (Product List by stock), kept in step with products.count_in_stock. */
  count_in_stock: Generated<number>;
  /** The product's answer text (contract `productSchema`, image paths relative); null until written. */
  json: string | null;
}

export interface ProductReviewsTable {
  id: string;
  product_id: string;
  customer_id: string;
  customer_name: string;
  review: string;
  customer_rating: number;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  payment_id: string;
  name: string;
  phone_number: string;
  address: string;
  pincode: string;
  amount: number;
  email: string;
  user_id: string;
  status: string;
  created_at: string;
  /** How many notes the order has (order_notes). */
  note_count: Generated<number>;
  /** Given once, by the first invoice made (api.md §15). */
  invoice_number: number | null;
}

/** A note on an order, with who wrote it (as the activity log names people). */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
  text: string;
}

export interface OrderItemsTable {
  order_id: string;
  line: number;
  product_id: string;
  product_title: string;
  image: string;
  quantity: number;
  price: number;
  sub_total: number;
}

export interface SalesDailyTable {
  day: string;
  sales: number;
  orders: number;
}

export interface ProductSalesTable {
  product_id: string;
  units_sold: number;
  revenue: number;
}

export interface BannersTable {
  id: string;
  family: string;
  images: string;
  cat_id: string;
  cat_name: string;
  sub_cat_id: string;
  sub_cat_name: string;
  created_at: string;
  updated_at: string;
}

export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ActivityTable {
  seq: Generated<number>;
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  entity_name: string;
  /** JSON: {field: [before, after]}. */
  changes: string;
  request_id: string;
  ip: string;
  /** A product's stock after a change that took it to or below its low-stock line from above; else null. */
  stock_low: number | null;
}

/** A trashed record (api.md §12): its rows as a JSON snapshot until restored or purged. */
export interface TrashTable {
  id: string;
  entity: string;
  entity_id: string;
  name: string;
  deleted_at: string;
  deleted_by: string | null;
  purge_at: string;
  /** `[{table, rows}]`, parents first (modules/trash/trash.repository.ts). */
  data: string;
}

/** A saved view (api.md §16): a screen's URL parameters under a name. */
export interface SavedViewsTable {
  id: string;
  owner_id: string;
  screen: string;
  name: string;
  name_key: string;
  /** JSON: an object of strings. */
  query: string;
  shared: number;
  created_at: string;
  updated_at: string;
}

/** A bulk edit of products (api.md §13), kept for its undo (migration 071). */
export interface BulkEditsTable {
  id: string;
  /** The `updated_at` the edit gave every product it changed. */
  at: string;
  created_by: string | null;
  /** JSON list of the product columns it set. */
  fields: string;
  products: number;
  undone_at: string | null;
}

/** Per product a bulk edit changed: the edited columns before, and after (`after_*`). */
export interface BulkEditItemsTable {
  bulk_id: string;
  product_id: string;
  price: number | null;
  old_price: number | null;
  discount: number | null;
  count_in_stock: number | null;
  is_featured: number | null;
  cat_id: string | null;
  sub_cat_id: string | null;
  after_price: number | null;
  after_old_price: number | null;
  after_discount: number | null;
  after_count_in_stock: number | null;
  after_is_featured: number | null;
  after_cat_id: string | null;
  after_sub_cat_id: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  temp_uploads: TempUploadsTable;
  categories: CategoriesTable;
  option_values: OptionValuesTable;
  counters: CountersTable;
  throttles: ThrottlesTable;
  request_counts: RequestCountsTable;
  products: ProductsTable;
  product_list: ProductListTable;
  product_reviews: ProductReviewsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  sales_daily: SalesDailyTable;
  product_sales: ProductSalesTable;
  banners: BannersTable;
  recovery_codes: RecoveryCodesTable;
  password_resets: PasswordResetsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  staff_invites: StaffInvitesTable;
  activity: ActivityTable;
  trash: TrashTable;
  saved_views: SavedViewsTable;
  order_notes: OrderNotesTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  bulk_edits: BulkEditsTable;
  bulk_edit_items: BulkEditItemsTable;
}

/** Long work any server may run and resume (migration 070, modules/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  state: string;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON: what the job was asked to do. */
  params: string;
  /** JSON: its result once done, `{msg}` once failed. */
  result: string | null;
  /** JSON: where it stopped (the runner that resumes it starts there). */
  checkpoint: string | null;
  created_by: string | null;
  created_by_name: string;
  created_by_email: string;
  created_at: string;
  finished_at: string | null;
  lease_owner: string | null;
  /** ISO time the holder's lease ends; it renews it while it works. */
  lease_until: string | null;
  attempts: Generated<number>;
}

/** A job's input file (an import's CSV) in chunks, in order of `seq`. */
export interface JobFilesTable {
  job_id: string;
  seq: number;
  data: Buffer;
}
