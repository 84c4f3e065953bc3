import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { ImagePickerInput } from '../../../components/ui/image-picker-input';
import { ImageThumbnails } from '../../../components/ui/image-thumbnails';
import { UploadStatus } from '../../../components/ui/upload-status';
import { useImageUploader } from '../../../components/ui/use-image-uploader';
import { userImageFamily } from '../api/user-images';

type Props = {
  name: string;
  images: string[];
  onChange: (images: string[]) => void;
  onBusyChange: (isBusy: boolean) => void;
};

/** The round picture with a "choose files" overlay, then the list of chosen pictures. */
export function ProfilePicture({ name, images, onChange, onBusyChange }: Props) {
  const uploader = useImageUploader({ family: userImageFamily, value: images, onChange, onBusyChange });
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
      <Box sx={{ position: 'relative', width: 160, height: 160 }}>
        <Avatar
          src={images[0]}
          alt={images[0] ? `${name}'s profile picture` : undefined}
          sx={{ width: 160, height: 160, fontSize: 56 }}
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Box
          component="label"
          sx={{
            position: 'absolute',
            inset: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            cursor: 'pointer',
            color: '#fff',
            bgcolor: 'rgba(0,0,0,0.55)',
            opacity: 0,
            transition: 'opacity 150ms',
            '&:hover, &:focus-within': { opacity: 1 },
          }}
        >
          <PhotoCameraIcon fontSize="large" aria-hidden />
          <Box
            component="span"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            Choose profile pictures
          </Box>
          <ImagePickerInput
            acceptedTypes={uploader.acceptedTypes}
            onFiles={(files) => void uploader.upload(files)}
            disabled={uploader.isUploading}
          />
        </Box>
      </Box>
      <UploadStatus isUploading={uploader.isUploading} progress={uploader.progress} />
      <ImageThumbnails images={images} onRemove={uploader.remove} size={72} disabled={uploader.isUploading} />
    </Box>
  );
}
