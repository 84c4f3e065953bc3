import { useTheme } from '@mui/material/styles';
import LoadingBar from 'react-top-loading-bar';
import { setProgress, useProgress } from '../../lib/progress';

export function TopLoadingBar() {
  const progress = useProgress();
  const theme = useTheme();
  return (
    <LoadingBar
      progress={progress}
      color={theme.palette.primary.main}
      height={3}
      shadow={false}
      onLoaderFinished={() => setProgress(0)}
    />
  );
}
