import { type ImportResult, type Job, jobsPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often a running job is asked about: often enough for a smooth bar, ~2 requests a second. */
export const jobPollMs = 500;

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
    refetchInterval: (query) => (query.state.status !== 'error' && isActive(query.state.data) ? jobPollMs : false),
  });
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
