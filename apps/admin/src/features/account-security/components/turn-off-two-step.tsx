import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { disableTwoFactorBodySchema } from '@shopdesk/contract';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useDisableTwoFactor } from '../api/disable-two-factor';

type TurnOffValues = { password: string; otp: string };

/** Turning it off asks for both factors, so a borrowed signed-in browser is not enough. */
export function TurnOffTwoStep({ onTurnedOff }: { onTurnedOff: () => void }) {
  const form = useSpecForm<TurnOffValues, TurnOffValues>({
    defaultValues: { password: '', otp: '' },
    resolver: specResolver(disableTwoFactorBodySchema),
  });
  const disable = useDisableTwoFactor();

  function handleSubmit(data: TurnOffValues) {
    disable.mutate(data, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        onTurnedOff();
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
      <Typography>To turn it off, enter your password and a code from your app (or a recovery code).</Typography>
      <FormOutlinedField
        control={form.control}
        name="password"
        password
        label="Password"
        autoComplete="current-password"
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="otp"
        label="Authentication code"
        autoComplete="one-time-code"
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
