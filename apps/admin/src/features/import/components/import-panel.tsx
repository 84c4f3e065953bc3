import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { importMaxBytes, importMessages } from '@shopdesk/contract';
import { type ReactNode, useState } from 'react';
import { FileButton } from '../../../components/ui/file-button';
import { EmptyState, ErrorState } from '../../../components/ui/query-state';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { showAlert } from '../../../lib/alerts';
import { CsvPreviewTable } from './csv-preview-table';
import { ImportProgress } from './import-progress';
import { ImportResultView } from './import-result';
import { useImportRun } from './use-import-run';

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The Import screen (api.md §13): choose a CSV file, look at its first rows, dry-run it (every
 * error, nothing changed), then import it: the same file and options, applied. Each run shows
 * the upload's and then the job's progress, and ends in its counts and errors.
 */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [createCategories, setCreateCategories] = useState(false);
  const [atomic, setAtomic] = useState(false);
  const { run, jobData, job, outcome, start, reset } = useImportRun();
  const fileKey = file ? `${file.name}|${file.size}|${file.lastModified}` : '';
  const signature = `${fileKey}|${createCategories}|${atomic}`;
  const busy = run !== null && outcome === undefined && !job.isError;
  const checked = run?.dryRun === true && run.signature === signature && outcome !== undefined && 'result' in outcome;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isCsv(chosen)) return showAlert('error', importMessages.notCsv);
    if (chosen.size > importMaxBytes) return showAlert('error', importMessages.tooLarge);
    setFile(chosen);
    reset();
  };
  const option = (label: string, value: boolean, set: (next: boolean) => void) => (
    <FormControlLabel
      label={label}
      disabled={busy}
      control={<Checkbox checked={value} onChange={(event) => set(event.target.checked)} />}
    />
  );
  const go = (dryRun: boolean) => file && void start(file, { dryRun, atomic, createCategories }, signature);

  return (
    <>
      <Card title="CSV file">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <FileButton icon={<UploadFileIcon />} disabled={busy}>
            Choose CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              style={visuallyHidden}
              disabled={busy}
              onChange={(event) => {
                choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </FileButton>
          <Typography data-testid="chosen-file">
            {file ? `${file.name} (${sizeText(file.size)})` : 'No file chosen (CSV, up to 50 MB)'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          {option('Create missing categories', createCategories, setCreateCategories)}
          {option('All or nothing (atomic)', atomic, setAtomic)}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" disabled={!file || busy} onClick={() => go(true)}>
            Dry run
          </Button>
          <Button variant="contained" disabled={!checked || busy} onClick={() => go(false)}>
            Import
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            A dry run checks every row and changes nothing; Import then applies the same file.
          </Typography>
        </Box>
      </Card>
      <Card title="First rows">
        {file ? <CsvPreviewTable file={file} fileKey={fileKey} /> : <EmptyState message={importMessages.noFile} />}
      </Card>
      {run && (
        <Card title={run.dryRun ? 'Dry run' : 'Import'}>
          {job.isError ? (
            <ErrorState error={job.error} onRetry={() => void job.refetch()} />
          ) : outcome === undefined ? (
            <ImportProgress run={run} job={jobData} />
          ) : 'failure' in outcome ? (
            <ErrorState error={new Error(outcome.failure)} />
          ) : (
            <ImportResultView result={outcome.result} dryRun={run.dryRun} fileName={file?.name ?? 'import.csv'} />
          )}
        </Card>
      )}
    </>
  );
}
