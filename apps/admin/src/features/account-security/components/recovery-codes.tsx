import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { showAlert } from '../../../lib/alerts';

/** Shown once, right after turning two-step sign-in on: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showAlert('success', 'Recovery codes copied');
    } catch {
      showAlert('error', 'Could not copy. Please select the codes and copy them by hand.');
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <Alert severity="warning" variant="outlined">
        Save these recovery codes somewhere safe now: they will not be shown again. If you lose your phone, each code
        lets you sign in once instead of a code from the app.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 4, userSelect: 'all' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Box>
    </Box>
  );
}
