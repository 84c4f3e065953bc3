import { z } from 'zod';
import { requiredText } from './common';
import { emailAddress } from './input-rules';
import { messages } from './messages';
import { permissionNames, staffMessages } from './permissions';

export * from './permissions';

/** One permission name; anything else is refused with the list it may be. */
export const permissionSchema = z.enum(permissionNames, {
  error: `permissions must be a list of: ${permissionNames.join(', ')}`,
});

/** `GET /api/roles` entries and the answer of a role's create/change. */
export const roleSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  builtIn: z.boolean(),
  /** Accounts holding the role. */
  members: z.number().int().nonnegative(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);

/** A role's name and permissions (create and change). Names: letters, digits, spaces, - and _. */
export const roleBodySchema = z.object({
  name: requiredText(staffMessages.roleNameBlank, 40).pipe(
    z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'A role name holds letters, digits, spaces, - and _'),
  ),
  permissions: z
    .array(permissionSchema, { error: `permissions must be a list of: ${permissionNames.join(', ')}` })
    .max(permissionNames.length * 2),
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const okAnswerSchema = z.object({ error: z.literal(false), msg: z.string() });

/** `GET /api/staff` entries: accounts, and pending invitations (`invited: true`, `active: false`). */
export const staffMemberSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  active: z.boolean(),
  invited: z.boolean(),
  twoFactor: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /** An invitation's end (invitations only). */
  expiresAt: z.string().optional(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

const roleName = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string({ error: staffMessages.roleBlank }).min(1, staffMessages.roleBlank).max(40),
);

export const inviteBodySchema = z.object({
  email: emailAddress(staffMessages.inviteEmailBlank),
  name: requiredText(staffMessages.inviteNameBlank, 120),
  role: roleName,
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const inviteResponseSchema = z.object({ id: z.string(), inviteUrl: z.string() });

/** Accepting an invitation: the sign-up form's fields and rules (spec §5), the e-mail is the invitation's. */
export const acceptInviteBodySchema = z
  .object({
    token: z.string({ error: staffMessages.inviteInvalid }).min(1, staffMessages.inviteInvalid).max(200),
    name: requiredText(messages.nameBlank, 120),
    phone: requiredText(messages.phoneBlank, 40),
    password: z.string({ error: messages.passwordBlank }).min(1, messages.passwordBlank).max(1024),
    confirmPassword: z.string({ error: messages.confirmPasswordBlank }).min(1, messages.confirmPasswordBlank).max(1024),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: messages.passwordNotMatch,
    path: ['confirmPassword'],
  });
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;

/** `PUT /api/staff/:id`: a new role (by name), and/or active on or off. */
export const staffUpdateBodySchema = z.object({
  role: roleName.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBodySchema>;
