import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import { FileButton } from './file-button';
import { ImagePickerInput } from './image-picker-input';
import { ImageThumbnails } from './image-thumbnails';
import { UploadStatus } from './upload-status';
import { type ImageUploaderOptions, useImageUploader } from './use-image-uploader';

type Props = ImageUploaderOptions & { label?: string; multiple?: boolean };

/**
 * The media box of every add/edit screen: pick files (type-checked before any call),
 * upload with progress, show the chosen images, remove one.
 */
export function ImageUploader({ label = 'Upload images', multiple = true, ...options }: Props) {
  const uploader = useImageUploader(options);
  return (
    <Box>
      <ImageThumbnails images={options.value} onRemove={uploader.remove} disabled={uploader.isUploading} />
      <UploadStatus isUploading={uploader.isUploading} progress={uploader.progress} />
      <FileButton icon={<CloudUploadIcon />} disabled={uploader.isUploading} sx={{ mt: 2 }}>
        {label}
        <ImagePickerInput
          acceptedTypes={uploader.acceptedTypes}
          onFiles={(files) => void uploader.upload(files)}
          disabled={uploader.isUploading}
          multiple={multiple}
        />
      </FileButton>
    </Box>
  );
}
