import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export function UploadStatus({ isUploading, progress }: { isUploading: boolean; progress: number }) {
  if (!isUploading) return null;
  return (
    <Box role="status" sx={{ my: 1.5 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Uploading...
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
    </Box>
  );
}
