import type { Kysely } from 'kysely';

/** The columns this migration reads and writes, as they were when it was written. */
interface UsersEmails {
  users: { id: string; email: string };
}

/**
 * The addresses' one form as of this migration (issue 18): NFKC, trimmed, lower case, no
 * trailing dot. A copy, not the contract's `normalizeEmail`: a migration never imports app code,
 * so what it did stays what it does.
 */
const normalise = (email: string) => email.normalize('NFKC').trim().toLowerCase().normalize('NFKC').replace(/\.+$/, '');

/**
 * Stored e-mail addresses in their one form, where that is safe. Sign-up, sign-in and every
 * other place compare the normalised form, so a row keeping another form can no longer be
 * found by its address. Collisions (two rows with one normalised form): the row already
 * holding that form keeps it and the others keep what they have; when none holds it, none is
 * given it. Either way the other rows are look-alikes of one address, and the owner decides
 * what they are (docs: README "Security"). Rows are read in JS because neither engine's SQL
 * has NFKC everywhere (SQLite has none). Customers' addresses on orders are left as they are:
 * contact details, never compared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<UsersEmails>;
  const rows = await users.selectFrom('users').select(['id', 'email']).execute();
  const byForm = new Map<string, Array<{ id: string; email: string }>>();
  for (const row of rows) {
    const form = normalise(row.email);
    byForm.set(form, [...(byForm.get(form) ?? []), row]);
  }
  for (const [form, members] of byForm) {
    const [only] = members;
    if (members.length !== 1 || !only || only.email === form) continue;
    await users.updateTable('users').set({ email: form }).where('id', '=', only.id).execute();
  }
}

/** Nothing to undo: the earlier form of an address is not kept. */
export async function down(): Promise<void> {}
