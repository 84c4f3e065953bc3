import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { alertAutoHideMs, hideAlert, useAlert } from '../../lib/alerts';

/**
 * The one app-wide alert. Fixed dark green / dark red with white text so the message
 * passes contrast checks in both themes. An alert with an action (a delete's UNDO) shows its
 * button for the alert's 6 seconds, beside the close button.
 */
export default function AlertSnackbar() {
  const alert = useAlert();
  return (
    <Snackbar
      key={alert.key}
      open={alert.open}
      autoHideDuration={alertAutoHideMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') hideAlert();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        onClose={hideAlert}
        action={
          alert.action ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  hideAlert();
                  alert.action?.run();
                }}
              >
                {alert.action.label}
              </Button>
              <IconButton aria-label="Close" color="inherit" size="small" onClick={hideAlert}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
        severity={alert.kind}
        variant="filled"
        // The live region is the message alone: read aloud, and found by role, as the spec's
        // words ("Product Deleted!"), without the UNDO button's label.
        role="none"
        data-testid="app-alert"
        sx={{
          width: '100%',
          color: '#fff',
          bgcolor: alert.kind === 'success' ? '#1b5e20' : '#b71c1c',
          '& .MuiAlert-icon, & .MuiIconButton-root': { color: '#fff' },
        }}
      >
        <span role="alert" data-testid="app-alert-message">
          {alert.msg}
        </span>
      </Alert>
    </Snackbar>
  );
}
