import type { Db } from '../../db/create-db';

export async function insertPasswordReset(
  db: Db,
  row: { tokenHash: string; userId: string; expiresAt: string; now: string },
) {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.now,
    })
    .execute();
}

/** Marks the token used if it is valid now; returns its user, or undefined. Single use. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function setPendingSecret(db: Db, userId: string, secret: string) {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

export async function enableTwoFactor(db: Db, userId: string, secret: string, step: number, codeHashes: string[]) {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null })))
    .execute();
}

export async function disableTwoFactor(db: Db, userId: string) {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: 0 })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Records the accepted step only if it is newer than the last one: a code works once. */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Once a password is set, every other outstanding reset link of the account stops working. */
export async function cancelPasswordResets(db: Db, userId: string, now: string) {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
