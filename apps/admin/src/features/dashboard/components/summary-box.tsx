import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type SummaryBoxProps = {
  title: string;
  /** A number (shown as 0 unless above zero, spec §2) or a ready text such as 'Rs 1,200'. */
  count: number | string | undefined;
  /** Two gradient colours, both dark enough for white text at AA contrast. */
  color: readonly [string, string];
  grow: boolean;
  icon?: ReactNode;
  isLoading?: boolean;
};

/** One figure on a gradient card, with its icon and a rising or falling trend mark. */
export function SummaryBox({ title, count, color, grow, icon, isLoading }: SummaryBoxProps) {
  const shown = typeof count === 'number' ? (count > 0 ? count : 0) : (count ?? 0);
  const Trend = grow ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Paper
      component="section"
      aria-label={title}
      sx={{
        p: 2.5,
        color: '#ffffff',
        background: `linear-gradient(135deg, ${color[0]} 0%, ${color[1]} 100%)`,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minHeight: 140,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
          {title}
        </Typography>
        {icon && (
          <Box aria-hidden sx={{ display: 'flex', opacity: 0.9, '& svg': { fontSize: 36 } }}>
            {icon}
          </Box>
        )}
      </Box>
      <Typography sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.2 }} data-testid={`count-${title}`}>
        {isLoading ? <Skeleton width={60} sx={{ bgcolor: 'rgba(255,255,255,0.3)' }} /> : shown}
      </Typography>
      <Trend titleAccess={grow ? 'Rising' : 'Falling'} sx={{ mt: 'auto' }} />
    </Paper>
  );
}
