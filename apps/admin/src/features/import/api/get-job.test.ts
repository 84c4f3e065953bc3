import type { Job } from '@shopdesk/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobKeys, jobProgressHeard } from './get-job';

const running: Job = {
  id: 'j1',
  kind: 'productImport',
  state: 'queued',
  progress: { done: 0, total: 0 },
  result: null,
  createdBy: { id: 'u1', name: 'Asha', email: 'asha@shop.test' },
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
};

describe('job.progress events on the Import screen', () => {
  it('move the bar without asking the server, and the end reads the job again for its result', async () => {
    const client = new QueryClient();
    client.setQueryData(jobKeys.detail('j1'), running);
    jobProgressHeard(client, { id: 'j1', state: 'running', progress: { done: 400, total: 1000 } });
    expect(client.getQueryData<Job>(jobKeys.detail('j1'))).toMatchObject({
      state: 'running',
      progress: { done: 400, total: 1000 },
    });
    expect(client.getQueryState(jobKeys.detail('j1'))?.isInvalidated).toBe(false);

    jobProgressHeard(client, { id: 'j1', state: 'done', progress: { done: 1000, total: 1000 } });
    expect(client.getQueryState(jobKeys.detail('j1'))?.isInvalidated).toBe(true);
  });

  it("leave other jobs' answers and jobs not on screen alone", () => {
    const client = new QueryClient();
    client.setQueryData(jobKeys.detail('j1'), running);
    jobProgressHeard(client, { id: 'j2', state: 'running', progress: { done: 1, total: 2 } });
    expect(client.getQueryData(jobKeys.detail('j1'))).toEqual(running);
    expect(client.getQueryData(jobKeys.detail('j2'))).toBeUndefined();
  });
});
