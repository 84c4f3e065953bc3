import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { Review } from '@shopdesk/contract';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** Each review: who, when, the stars, what they wrote. */
export function ProductReviews({ reviews }: { reviews: Review[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {reviews.map((review) => (
        <Box component="li" key={review.id} sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }}>{review.customerName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDate(review.dateCreated)}
            </Typography>
          </Box>
          <Rating value={review.customerRating} precision={0.5} max={5} readOnly size="small" />
          <Typography sx={{ mt: 0.5 }}>{review.review}</Typography>
        </Box>
      ))}
    </Box>
  );
}
