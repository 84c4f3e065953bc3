import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { Thumbs } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/thumbs';
import { smallImageUrl } from '@shopdesk/contract';
import { ZoomImage } from './zoom-image';

type Props = { images: string[]; name: string; discount: number };

/** One big zoomable slide, five thumbnails under it, the discount badge on top (spec §2, §9). */
export function ProductGallery({ images, name, discount }: Props) {
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  return (
    <Box sx={{ position: 'relative' }}>
      {discount > 0 && (
        <Chip
          label={`${discount}%`}
          color="primary"
          size="small"
          aria-label={`${discount}% off`}
          sx={{ position: 'absolute', top: 8, left: 8, zIndex: 2, fontWeight: 700 }}
        />
      )}
      <Swiper
        modules={[Thumbs]}
        slidesPerView={1}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        style={{ borderRadius: 8, overflow: 'hidden' }}
      >
        {images.map((image, index) => (
          <SwiperSlide key={image}>
            <ZoomImage src={image} alt={`${name}, ${index + 1} of ${images.length}`} />
          </SwiperSlide>
        ))}
      </Swiper>
      {images.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Swiper modules={[Thumbs]} onSwiper={setThumbs} slidesPerView={5} spaceBetween={8} watchSlidesProgress>
            {images.map((image, index) => (
              <SwiperSlide key={image} style={{ cursor: 'pointer' }}>
                <img
                  src={smallImageUrl(image)}
                  alt={`${name}, thumbnail ${index + 1}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  style={{ width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'cover', borderRadius: 6 }}
                />
              </SwiperSlide>
            ))}
          </Swiper>
        </Box>
      )}
    </Box>
  );
}
