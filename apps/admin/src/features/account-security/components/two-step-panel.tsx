import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { securityMessages, type TwoFactorSetup, twoFactorSetupBodySchema, type User } from '@shopdesk/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { useStartTwoFactor } from '../api/start-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TwoStepSetup } from './two-step-setup';

type Props = { user: User; onChanged: () => void };

/** Two-step sign-in: off → set up → recovery codes (once) → on → turn off. */
export function TwoStepPanel({ user, onChanged }: Props) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useSpecForm<{ password: string }, { password: string }>({
    defaultValues: { password: '' },
    resolver: specResolver(twoFactorSetupBodySchema),
  });
  const start = useStartTwoFactor();
  // The sign-in screen sends administrators here when the shop requires two-step sign-in.
  const [params] = useSearchParams();
  const isRequired = params.get('required') === '1' && !user.twoFactorEnabled;

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  function turnOn({ password }: { password: string }) {
    start.mutate(password, {
      onSuccess: (answer) => {
        form.reset();
        setSetup(answer);
      },
      onError: form.showServerError,
    });
  }
  const enabled = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    onChanged();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {isRequired ? <Alert severity="warning">{securityMessages.twoFactorRequired}</Alert> : null}
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
        {user.twoFactorEnabled ? securityMessages.twoFactorEnabled : securityMessages.twoFactorDisabled}
      </Typography>
      {user.twoFactorEnabled ? (
        <TurnOffTwoStep onTurnedOff={onChanged} />
      ) : setup ? (
        <TwoStepSetup setup={setup} onEnabled={enabled} onCancel={() => setSetup(null)} />
      ) : (
        <>
          <Typography>
            With two-step sign-in, signing in also needs a code from an authenticator app on your phone, so a stolen
            password alone is not enough.
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => void form.submit(turnOn)(event)}
            sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
          >
            <Typography>To turn it on, enter your current password.</Typography>
            <FormOutlinedField
              control={form.control}
              name="password"
              password
              label="Current password"
              autoComplete="current-password"
              fullWidth
            />
            <Box>
              <Button type="submit" variant="contained" disabled={start.isPending}>
                {start.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Turn on'}
              </Button>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
