import { builtInRoles, permissionNames, staffMessages } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { parsePermissions, refusalFor } from './permissions';

const none = new Set<string>();
const all = new Set<string>(permissionNames);

describe('refusalFor: the permission rule every route goes through', () => {
  it('lets any staff member make a plain read that declares nothing', () => {
    for (const method of ['GET', 'HEAD']) expect(refusalFor({ method }, none)).toBeUndefined();
  });

  it('refuses to everyone, the owner included, a write that declares nothing (deny by default)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(refusalFor({ method }, all)).toBe(staffMessages.noPermission);
      expect(refusalFor({ method }, none)).toBe(staffMessages.noPermission);
    }
  });

  it('lets `staff` routes (one’s own account) through for every role, a viewer too', () => {
    expect(refusalFor({ method: 'PUT', permission: 'staff' }, none)).toBeUndefined();
  });

  it('asks for the declared permission, and answers the route’s own words when it has some', () => {
    const route = { method: 'POST', permission: 'orders:write' } as const;
    expect(refusalFor(route, new Set(['orders:write']))).toBeUndefined();
    expect(refusalFor(route, new Set(['catalogue:write', 'export']))).toBe(staffMessages.noPermission);
    const deletion = {
      method: 'DELETE',
      permission: 'catalogue:delete',
      refusal: 'Only Admin can delete Product',
    } as const;
    expect(refusalFor(deletion, new Set(builtInRoles.manager))).toBe('Only Admin can delete Product');
    expect(refusalFor(deletion, new Set(builtInRoles.owner))).toBeUndefined();
    // A declared permission binds reads too (GET /api/staff needs staff:manage).
    expect(refusalFor({ method: 'GET', permission: 'staff:manage' }, none)).toBe(staffMessages.noPermission);
  });

  it('gives each built-in role what api.md §10 says, and nothing else', () => {
    const allowed = (role: keyof typeof builtInRoles) =>
      permissionNames.filter(
        (permission) => refusalFor({ method: 'POST', permission }, new Set(builtInRoles[role])) === undefined,
      );
    expect(allowed('owner')).toEqual([...permissionNames]);
    expect(allowed('manager')).toEqual(['catalogue:write', 'orders:write', 'import', 'export', 'audit:read']);
    expect(allowed('editor')).toEqual(['catalogue:write', 'import', 'export']);
    expect(allowed('clerk')).toEqual(['orders:write', 'export']);
    expect(allowed('viewer')).toEqual([]);
  });
});

describe('parsePermissions', () => {
  it('reads the space-separated list the session read brings, and nothing from null', () => {
    expect([...parsePermissions('catalogue:write export')]).toEqual(['catalogue:write', 'export']);
    expect(parsePermissions(null).size).toBe(0);
    expect(parsePermissions('').size).toBe(0);
  });
});
