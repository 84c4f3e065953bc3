import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { disableTwoFactorBodySchema, firstMessage } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/ui/password-field';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useDisableTwoFactor } from '../api/disable-two-factor';

/** Turning it off asks for both factors, so a borrowed signed-in browser is not enough. */
export function TurnOffTwoStep({ onTurnedOff }: { onTurnedOff: () => void }) {
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const disable = useDisableTwoFactor();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = disableTwoFactorBodySchema.safeParse({ password, otp });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    disable.mutate(parsed.data, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        onTurnedOff();
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <Typography>To turn it off, enter your password and a code from your app (or a recovery code).</Typography>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        value={otp}
        onChange={(event) => setOtp(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 64 } }}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="outlined" color="error" disabled={disable.isPending}>
          {disable.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Turn off'}
        </Button>
      </Box>
    </Box>
  );
}
