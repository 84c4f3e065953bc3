import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { setProgress } from '../../../lib/progress';

export const exportLabel = 'Export CSV';

/**
 * Runs one export download with the top loading bar (40 while it runs, 100 after) and the
 * server's refusal in the red alert: what "Export CSV" does, and the command palette's
 * "Export orders" too.
 */
export async function runExport(run: () => Promise<unknown>): Promise<void> {
  setProgress(40);
  try {
    await run();
  } catch (error) {
    showAlert('error', errorMessage(error));
  } finally {
    setProgress(100);
  }
}

/** The "Export CSV" button: runs one download (`runExport`), disabled while it runs so one click is one file. */
export function ExportButton({ run, label = exportLabel }: { run: () => Promise<unknown>; label?: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await runExport(run);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}
