import { Box, Button, CloseButton, HStack, Icon, Progress, Stack, Text } from '@chakra-ui/react';
import { FileIcon, ImageIcon } from 'lucide-react';
import { useIsolate } from '../i18n/use-isolate';
import { useT } from '../i18n/use-t';
import { fileSizeText, type PickedFile } from '../lib/attachments';

interface PickedFilesProps {
  files: PickedFile[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
  disabled?: boolean;
  /** The id of the text naming the list ('Attachments'). */
  labelledBy?: string;
  label?: string;
  /** Chips side by side (the reply box), instead of one per line. */
  compact?: boolean;
}

/**
 * Files picked for upload, each with its size, its progress or why it failed, and a remove button.
 * A failed upload offers Retry only where sending it again may work; a file the server refused
 * (not really a JPG, PNG, GIF or PDF, too large) says why and offers Remove.
 */
export function PickedFiles({
  files,
  onRemove,
  onRetry,
  disabled = false,
  labelledBy,
  label,
  compact = false,
}: PickedFilesProps) {
  const t = useT();
  const iso = useIsolate();
  if (files.length === 0) return null;
  return (
    <Stack
      as="ul"
      gap="2"
      listStyleType="none"
      aria-labelledby={labelledBy}
      aria-label={label}
      direction={compact ? 'row' : 'column'}
      wrap={compact ? 'wrap' : undefined}
    >
      {files.map(({ key, file, state }) => {
        const failed = state.status === 'failed';
        const refused = state.status === 'failed' && !state.retryable;
        const KindIcon = file.type.startsWith('image/') ? ImageIcon : FileIcon;
        return (
          <Box
            as="li"
            key={key}
            px="3"
            py={compact ? '1' : '2'}
            // Side by side, each chip keeps one width whatever its state says ('Uploading 45%', then
            // its size): a chip that shrank as its upload ended moved the next one's Remove from
            // under the pointer.
            w={compact ? { base: '100%', sm: '17rem' } : undefined}
            minW={compact ? '0' : undefined}
            borderWidth="1px"
            borderColor={failed ? 'border.error' : 'border'}
            bg={failed ? 'bg.error' : 'bg'}
            rounded="lg"
          >
            <HStack gap="2">
              <Icon boxSize="4" color="fg.muted" aria-hidden>
                <KindIcon />
              </Icon>
              <Text fontSize="sm" flex="1" minW="0" truncate title={file.name}>
                <bdi>{file.name}</bdi>
              </Text>
              <Text textStyle="caption" flexShrink="0">
                {state.status === 'uploading'
                  ? t('common.upload.progress', { percent: state.progress / 100 })
                  : state.status === 'done'
                    ? fileSizeText(file.size)
                    : refused
                      ? t('common.upload.refused')
                      : t('common.upload.notUploaded')}
              </Text>
              {failed && !refused ? (
                <Button size="2xs" variant="outline" onClick={() => onRetry(key)} disabled={disabled}>
                  {t('common.action.retry')}
                </Button>
              ) : null}
              {refused ? (
                <Button
                  size="2xs"
                  variant="outline"
                  aria-label={t('common.upload.removeFile', { name: iso(file.name) })}
                  onClick={() => onRemove(key)}
                  disabled={disabled}
                >
                  {t('common.action.remove')}
                </Button>
              ) : (
                <CloseButton
                  size="2xs"
                  aria-label={t('common.upload.removeFile', { name: iso(file.name) })}
                  onClick={() => onRemove(key)}
                  disabled={disabled}
                />
              )}
            </HStack>
            {state.status === 'uploading' ? (
              <Progress.Root
                value={state.progress}
                size="xs"
                mt="1.5"
                colorPalette="brand"
                aria-label={t('common.upload.uploadingFile', { name: iso(file.name) })}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            {failed ? (
              <Text fontSize="xs" color="fg.error" mt="1" role="alert">
                {state.message}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
