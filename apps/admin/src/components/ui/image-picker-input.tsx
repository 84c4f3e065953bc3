import { visuallyHidden } from './visually-hidden';

// The input is hidden but still focusable and labelled by the <label> that wraps it.

type Props = {
  acceptedTypes: readonly string[];
  onFiles: (files: FileList | null) => void;
  disabled?: boolean;
  multiple?: boolean;
};

/** The file input; put it inside a <label> (button or overlay) that names it. */
export function ImagePickerInput({ acceptedTypes, onFiles, disabled, multiple = true }: Props) {
  return (
    <input
      type="file"
      style={visuallyHidden}
      accept={acceptedTypes.map((type) => `.${type}`).join(',')}
      multiple={multiple}
      disabled={disabled}
      onChange={(event) => {
        onFiles(event.currentTarget.files);
        // Reset so picking the same file again still fires a change.
        event.currentTarget.value = '';
      }}
    />
  );
}
