import type { Job } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { jobOutcome, useJob } from '../api/get-job';
import { type ImportOptions, startImport } from '../api/start-import';

/** One dry run or import: the upload, then the job the server runs it as. */
export type ImportRun = {
  dryRun: boolean;
  /** What was sent: a run counts for the file and options it was made with only. */
  signature: string;
  phase: 'uploading' | 'job';
  percent: number;
  jobId?: string;
};

/**
 * Runs a dry run or an import and follows its job to the end. A refusal of the upload and a
 * failed job show in the red alert; an import that changed the catalogue refreshes every list.
 */
export function useImportRun() {
  const [run, setRun] = useState<ImportRun | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const job = useJob(run?.jobId);
  const queryClient = useQueryClient();
  const jobData: Job | undefined = job.data && job.data.id === run?.jobId ? job.data : undefined;
  const outcome = jobData ? jobOutcome(jobData) : undefined;

  const finishedId = outcome ? run?.jobId : undefined;
  const failure = outcome && 'failure' in outcome ? outcome.failure : undefined;
  const applied = Boolean(outcome && 'result' in outcome && run && !run.dryRun);
  useEffect(() => {
    if (!finishedId) return;
    if (failure) showAlert('error', failure);
    else if (applied) void queryClient.invalidateQueries();
  }, [finishedId, failure, applied, queryClient]);

  const start = async (file: File, options: ImportOptions, signature: string) => {
    setUploadError(null);
    setRun({ dryRun: options.dryRun, signature, phase: 'uploading', percent: 0 });
    try {
      const jobId = await startImport(file, options, (percent) =>
        setRun((current) => current && { ...current, percent }),
      );
      setRun((current) => current && { ...current, phase: 'job', percent: 100, jobId });
    } catch (error) {
      setRun(null);
      setUploadError(error);
      showAlert('error', errorMessage(error));
    }
  };

  const reset = () => {
    setRun(null);
    setUploadError(null);
  };

  return { run, job, jobData, outcome, uploadError, start, reset };
}
