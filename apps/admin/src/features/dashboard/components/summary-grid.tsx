import Grid from '@mui/material/Grid';
import { useCount } from '../api/get-count';
import { SummaryBox, type SummaryBoxProps } from './summary-box';

export type CountBox = Omit<SummaryBoxProps, 'count' | 'isLoading'> & { source: Parameters<typeof useCount>[0] };

function CountedBox({ source, ...box }: CountBox) {
  const count = useCount(source);
  // A failed count reads as '—' rather than a made-up 0.
  return <SummaryBox {...box} count={count.isError ? '—' : count.data} isLoading={count.isLoading} />;
}

/** A row of count boxes, each fed by its own count call. */
export function SummaryGrid({ boxes, columns }: { boxes: CountBox[]; columns: number }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {boxes.map((box) => (
        <Grid key={box.title} size={{ xs: 12, sm: 6, lg: 12 / columns }}>
          <CountedBox {...box} />
        </Grid>
      ))}
    </Grid>
  );
}
