import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { smallImageUrl } from '@shopdesk/contract';

type Props = { images: string[]; onRemove?: (url: string) => void; size?: number; disabled?: boolean };

/** Chosen images as small WebP thumbnails, each with a remove button. */
export function ImageThumbnails({ images, onRemove, size = 110, disabled }: Props) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
      {images.map((url, index) => (
        <Box component="li" key={url} sx={{ position: 'relative', width: size, height: size }}>
          <Box
            component="img"
            src={smallImageUrl(url)}
            alt={`Image ${index + 1}`}
            loading="lazy"
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          {onRemove && (
            <IconButton
              size="small"
              aria-label={`Remove image ${index + 1}`}
              disabled={disabled}
              onClick={() => onRemove(url)}
              sx={{
                position: 'absolute',
                top: 4,
                right: 4,
                bgcolor: '#b71c1c',
                color: '#fff',
                '&:hover': { bgcolor: '#7f0000' },
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}
