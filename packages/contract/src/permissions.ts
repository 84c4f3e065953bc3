/**
 * Staff permissions and the built-in roles (api.md §10), apart from the schemas (no zod): the
 * server's permission hook and the dashboard's buttons, links and screens read the same names.
 */
export const permissionNames = [
  'catalogue:write',
  'catalogue:delete',
  'orders:write',
  'import',
  'export',
  'staff:manage',
  'audit:read',
] as const;
export type Permission = (typeof permissionNames)[number];

/** What each permission allows, as the Roles screen shows it. */
export const permissionLabels: Record<Permission, string> = {
  'catalogue:write': 'Create and edit products, categories, option values and banners; upload images',
  'catalogue:delete': 'Delete products, categories, option values and banners',
  'orders:write': 'Change orders (status, fields) and add notes',
  import: 'Run CSV imports',
  export: 'Run CSV exports',
  'staff:manage': 'List, invite, change and deactivate staff; manage roles',
  'audit:read': 'Read the activity log',
};

export const builtInRoleNames = ['owner', 'manager', 'editor', 'clerk', 'viewer'] as const;
export type BuiltInRoleName = (typeof builtInRoleNames)[number];

/** The five built-in roles exactly as api.md §10 defines them; they cannot be changed or deleted. */
export const builtInRoles: Record<BuiltInRoleName, readonly Permission[]> = {
  owner: permissionNames,
  manager: permissionNames.filter((name) => name !== 'catalogue:delete' && name !== 'staff:manage'),
  editor: ['catalogue:write', 'import', 'export'],
  clerk: ['orders:write', 'export'],
  viewer: [],
};

export const isPermission = (value: string): value is Permission =>
  (permissionNames as readonly string[]).includes(value);

export const staffPath = '/api/staff';
export const rolesPath = '/api/roles';

export const staffMessages = {
  noPermission: 'You do not have permission to do this',
  roleNotFound: 'Role not found',
  memberNotFound: 'Staff member not found',
  roleNameTaken: (name: string) => `A role named "${name}" already exists`,
  builtInRoleFixed: 'Built-in roles cannot be changed or deleted',
  roleInUse: (count: number) =>
    `This role is given to ${count} staff member${count === 1 ? '' : 's'}; give them another role first`,
  ownerFixed: 'The shop owner cannot be deactivated or given another role',
  ownerRoleReserved: 'The owner role belongs to the shop owner’s account only',
  notStaff: 'This account is not a staff account',
  deactivated: 'This account has been deactivated. Ask the shop owner.',
  inviteSent: 'Invitation sent',
  inviteInvalid: 'This invitation is invalid, used or expired. Ask the shop owner for a new one.',
  alreadyMember: 'An account with this email already exists',
  roleSaved: 'Role saved',
  roleDeleted: 'Role deleted',
  memberUpdated: 'Staff member updated',
  roleNameBlank: 'Please enter a role name',
  inviteEmailBlank: 'email can not be blank!',
  inviteNameBlank: 'name can not be blank!',
  roleBlank: 'Please choose a role',
} as const;
