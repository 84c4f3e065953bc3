import { parse } from 'csv-parse/sync';
import { bearer, createAdmin, type TestApp } from './test-app';

/** A staff member of a role, given by the owner through the API; answers their token. */
export async function tokenOfRole(t: TestApp, owner: string, email: string, role: string): Promise<string> {
  const made = await createAdmin(t, email);
  const given = await t.request({
    method: 'PUT',
    url: `/api/staff/${made.id}`,
    headers: bearer(owner),
    payload: { role },
  });
  if (given.statusCode !== 200) throw new Error(`role ${role}: ${given.statusCode} ${given.body}`);
  return made.token;
}

/** A CSV answer's records as objects by header name, read with csv-parse (what the import reads with). */
export const csvRecords = (body: string) => parse(body, { columns: true }) as Array<Record<string, string>>;
