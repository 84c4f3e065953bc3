import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { AuthenticationCodeField } from './authentication-code-field';

type Props = { prompt: string; isPending: boolean; onSubmit: (otp: string) => void; onCancel: () => void };

/** Google is the first factor only: an account with two-step sign-in on asks for its code here. */
export function GoogleCodeDialog({ prompt, isPending, onSubmit, onCancel }: Props) {
  const [otp, setOtp] = useState('');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="google-code-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(otp);
        }}
      >
        <DialogTitle id="google-code-title">Two-step sign-in</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <AuthenticationCodeField prompt={prompt} value={otp} onChange={setOtp} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            Verify
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
