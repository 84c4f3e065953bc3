import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import InnerImageZoom from 'react-inner-image-zoom';
import 'react-inner-image-zoom/lib/styles.min.css';

/** The spec's zoom: fade 150 ms, no zoom at or below 640 px wide (§9). */
const zoomFadeMs = 150;
const zoomMobileQuery = '(max-width:640px)';

/** A gallery picture that magnifies under the pointer on wide screens. */
export function ZoomImage({ src, alt }: { src: string; alt: string }) {
  const isNarrow = useMediaQuery(zoomMobileQuery, { noSsr: true });
  // Small uploads still fill the slide: the picture is scaled to the gallery's width.
  const fill = { width: '100%', aspectRatio: '1', objectFit: 'contain', display: 'block' } as const;
  if (isNarrow) return <img src={src} alt={alt} style={fill} />;
  return (
    // The library sets the picture's inline style itself: size it through its class instead.
    <Box sx={{ '& .iiz': { width: '100%', display: 'block', m: 0 }, '& .iiz__img:not(.iiz__img--abs)': fill }}>
      <InnerImageZoom
        src={src}
        zoomType="hover"
        zoomPreload
        fadeDuration={zoomFadeMs}
        hideHint
        imgAttributes={{ alt }}
      />
    </Box>
  );
}
