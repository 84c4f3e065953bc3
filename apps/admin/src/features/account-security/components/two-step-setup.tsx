import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { otpBodySchema, type TwoFactorSetup } from '@shopdesk/contract';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useEnableTwoFactor } from '../api/enable-two-factor';

type Props = { setup: TwoFactorSetup; onEnabled: (recoveryCodes: string[]) => void; onCancel: () => void };

/** Scan (or type the key), then prove it works with one code: only then is it turned on. */
export function TwoStepSetup({ setup, onEnabled, onCancel }: Props) {
  const form = useSpecForm<{ otp: string }, { otp: string }>({
    defaultValues: { otp: '' },
    resolver: specResolver(otpBodySchema),
  });
  const enable = useEnableTwoFactor();

  function handleSubmit({ otp }: { otp: string }) {
    enable.mutate(otp, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        onEnabled(answer.recoveryCodes);
      },
      onError: form.showServerError,
    });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
    >
      <Typography>
        1. Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password).
      </Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={220}
        height={220}
        sx={{ bgcolor: '#fff', borderRadius: 1 }}
      />
      <Typography>Cannot scan it? Enter this key in the app instead:</Typography>
      <Typography
        component="code"
        sx={{ fontFamily: 'monospace', fontSize: 16, wordBreak: 'break-all', userSelect: 'all' }}
      >
        {setup.secret}
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <FormTextField
        control={form.control}
        name="otp"
        label="Code from the app"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button type="submit" variant="contained" disabled={enable.isPending}>
          {enable.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Confirm'}
        </Button>
        <Button onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
