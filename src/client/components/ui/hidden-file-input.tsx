import type { ComponentProps } from 'react';

/**
 * A file input kept out of sight: a button opens it (`ref.current.click()`) and it hands the chosen file to
 * `onPick`. It clears itself after each choice, so that choosing the same file again still counts as a change.
 */
export function HiddenFileInput({
  onPick,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'onChange'> & { onPick: (file: File) => void }) {
  return (
    <input
      {...props}
      type="file"
      className="hidden"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file) onPick(file);
      }}
    />
  );
}
