import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type LiveEvent, messages } from '@shopdesk/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-error';
import { heldTag, holdRecord, ownSave, releaseRecord, subscribeHeldRecords, wasRefused } from '../../lib/held-records';
import { subscribeLiveEvents } from '../../lib/live-events';
import { getTagged } from '../../lib/tagged-request';

/** Whether a live event may concern the catalogue record `entity` `id` (a bulk change names none). */
export const namesRecord =
  (entity: string, id: string) =>
  (event: LiveEvent): boolean =>
    event.type === 'catalogue.changed' &&
    event.data.entity === entity &&
    (event.data.id === id || event.data.id === null);

/**
 * The copy of the record at `path` an edit form starts from: the first fresh read, kept while
 * later reads (live refreshes) come in, and held for the form's saves (`If-Match`).
 * `reloadFrom` reads the record again (the screen's query's `refetch`) and starts the form from
 * that copy (Reload); `version` changes with it, to key the form.
 */
export function useHeldCopy<T extends object>(path: string, fresh: T | undefined) {
  const [held, setHeld] = useState<{ path: string; record: T; version: number } | undefined>(undefined);
  const mine = held?.path === path ? held : undefined;
  if (mine === undefined && fresh !== undefined) setHeld({ path, record: fresh, version: (held?.version ?? 0) + 1 });
  const copy = mine?.record ?? fresh;
  useEffect(() => {
    if (copy) holdRecord(path, copy);
  }, [path, copy]);
  useEffect(() => () => releaseRecord(path), [path]);
  const take = (record: T) => setHeld((last) => ({ path, record, version: (last?.version ?? 0) + 1 }));
  return {
    copy,
    version: mine?.version ?? 0,
    reloadFrom: async (refetch: () => Promise<{ data?: T | undefined }>) => {
      const read = await refetch();
      if (read.data) take(read.data);
    },
  };
}

type Props = {
  /** The record's API path, as the form's copy was read and is saved. */
  path: string;
  /** Which live events may be about this record. */
  names: (event: LiveEvent) => boolean;
  /** Reads the record again and starts the form from it. */
  onReload: () => Promise<unknown>;
};

/**
 * Edits that cross (api.md §14): above an edit form, the warning that the record it holds was
 * changed by someone else, when a live event names the record and its tag is no longer the one
 * the form holds (this tab's own save holds the new tag: it never warns), or when a save was
 * refused with 409. "Reload" reads the record again and resets the form to it.
 */
export function ChangedMeanwhile({ path, names, onReload }: Props) {
  const refused = useSyncExternalStore(subscribeHeldRecords, () => wasRefused(path));
  const [changed, setChanged] = useState(false);
  const [reloading, setReloading] = useState(false);
  const namesRef = useRef(names);
  namesRef.current = names;

  useEffect(() => {
    let alive = true;
    setChanged(false);
    const stop = subscribeLiveEvents((event) => {
      if (!namesRef.current(event)) return;
      void (async () => {
        await ownSave(path).catch(() => undefined);
        const holding = heldTag(path);
        if (!holding) return;
        try {
          const { etag } = await getTagged(path);
          if (alive && etag && etag !== heldTag(path)) setChanged(true);
        } catch (error) {
          // Deleted meanwhile: the form's copy is of a record that is gone.
          if (alive && error instanceof ApiError && error.status === 404) setChanged(true);
        }
      })();
    });
    return () => {
      alive = false;
      stop();
    };
  }, [path]);

  if (!changed && !refused) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={reloading}
          onClick={async () => {
            setReloading(true);
            try {
              await onReload();
              setChanged(false);
            } finally {
              setReloading(false);
            }
          }}
        >
          Reload
        </Button>
      }
    >
      {messages.recordChanged}
    </Alert>
  );
}
