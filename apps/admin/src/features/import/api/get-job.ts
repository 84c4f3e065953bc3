import { type ImportResult, type Job, jobsPath, type LiveEventData } from '@shopdesk/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * How often a running job is asked about when its `job.progress` events (api.md §13–14) are not
 * arriving (no live stream: a proxy that buffers, a reconnect): often enough for a smooth bar.
 */
export const jobPollMs = 500;
/** While events arrive (the server sends one every half second), a slow check is enough. */
const heardPollMs = 3000;
const heardAt = new Map<string, number>();

export const jobKeys = { detail: (id: string) => ['jobs', 'detail', id] as const };

export function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return api.get<Job>(`${jobsPath}/${encodeURIComponent(id)}`, signal);
}

const isActive = (job: Job | undefined) => !job || job.state === 'queued' || job.state === 'running';

/** `GET /api/jobs/:id`, asked again every half second while the job is queued or running. */
export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getJob(id ?? '', signal),
    enabled: id !== undefined,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error' || !isActive(query.state.data)) return false;
      return Date.now() - (heardAt.get(id ?? '') ?? 0) < 2 * jobPollMs ? heardPollMs : jobPollMs;
    },
  });
}

/**
 * A `job.progress` event: the bar moves at once, without a request; the job's end reads the
 * job again for its result.
 */
export function jobProgressHeard(client: QueryClient, event: LiveEventData['job.progress']) {
  heardAt.set(event.id, Date.now());
  const key = jobKeys.detail(event.id);
  if (event.state === 'done' || event.state === 'failed') {
    heardAt.delete(event.id);
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  client.setQueryData<Job>(key, (job) =>
    job ? { ...job, state: event.state as Job['state'], progress: event.progress } : job,
  );
}

/** A finished job's answer: the import's result, or the reason it failed. */
export function jobOutcome(job: Job): { result: ImportResult } | { failure: string } | undefined {
  if (job.state === 'failed') {
    const msg = job.result && 'msg' in job.result ? job.result.msg : 'The import failed';
    return { failure: msg };
  }
  if (job.state === 'done' && job.result && 'rows' in job.result) return { result: job.result };
  return undefined;
}
