import { Box, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useRef } from 'react';

interface FileFieldProps {
  label: string;
  /** The line under the field: which files are taken. */
  hint?: ReactNode;
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /**
   * What the field shows (the chosen files, its buttons); `choose` opens the browser's file chooser,
   * `labelId` is the id of the field's label.
   */
  children: (choose: () => void, labelId: string) => ReactNode;
}

/** A labelled field that takes files through a hidden file input, opened by the field's own buttons. */
export function FileField({ label, hint, accept, multiple, onFiles, children }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  return (
    <Box>
      <Text fontWeight="medium" fontSize="sm" mb="1.5" id={labelId}>
        {label}
      </Text>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        aria-labelledby={labelId}
        hidden
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Choosing the same file again must fire again.
          e.target.value = '';
          onFiles(files);
        }}
      />
      {children(() => input.current?.click(), labelId)}
      {hint ? (
        <Text textStyle="caption" mt="1.5">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}
