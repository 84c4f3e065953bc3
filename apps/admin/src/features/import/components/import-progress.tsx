import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Job } from '@shopdesk/contract';
import type { ImportRun } from './use-import-run';

/** Where a run is: the upload's percent, then the job's rows done of all (api.md §13). */
export function ImportProgress({ run, job }: { run: ImportRun; job: Job | undefined }) {
  const checking = run.dryRun ? 'Checking rows' : 'Importing rows';
  let label: string;
  let value: number | undefined;
  if (run.phase === 'uploading') {
    label = `Uploading the file: ${run.percent}%`;
    value = run.percent;
  } else if (!job || job.state === 'queued') {
    label = 'Waiting for the job to start...';
  } else {
    const { done, total } = job.progress;
    label = total > 0 ? `${checking}: ${done} of ${total}` : `${checking}...`;
    value = total > 0 ? Math.round((done / total) * 100) : undefined;
  }
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={run.phase === 'uploading' ? 'Upload progress' : 'Import progress'}
      />
    </Box>
  );
}
