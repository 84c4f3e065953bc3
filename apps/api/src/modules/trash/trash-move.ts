import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import type { MoveToTrash } from './trash.repository';

/** Who deletes, when, and for how long the record is kept (TRASH_DAYS): what every delete passes to moveToTrash. */
export function trashMove(ctx: AppContext, caller: Caller): Pick<MoveToTrash, 'deletedBy' | 'now' | 'keepMs'> {
  return { deletedBy: caller.id, now: ctx.clock(), keepMs: ctx.config.trashMs };
}
