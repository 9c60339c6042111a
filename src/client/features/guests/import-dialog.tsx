import { Badge, Box, Button, Dialog, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { GUEST_LIMITS, GUEST_MESSAGES } from '../../../shared/schemas/guests';
import { DialogActions, DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { FormAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useWhenOpened } from '../../lib/use-zod-form';
import { type ImportPreview, importFile } from './import-file';
import { useGuestRefresh } from './use-guests';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; preview: ImportPreview }
  | { kind: 'importing'; file: File; preview: ImportPreview };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Import a CSV (Google Contacts, Excel): the file is checked first without saving (dry run), the
 * preview shows how its columns were read, the rows with problems and the duplicates; Import then
 * saves the good rows and says how many.
 */
export function ImportDialog({ open, onClose, listId }: { open: boolean; onClose: () => void; listId: string }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const refresh = useGuestRefresh();
  useWhenOpened(open, () => setStep({ kind: 'choose' }));
  const busy = step.kind === 'checking' || step.kind === 'importing';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > GUEST_LIMITS.importBytesMax) {
      setStep({ kind: 'choose', error: GUEST_MESSAGES.fileTooLarge });
      return;
    }
    setStep({ kind: 'checking', file });
    const answer = await importFile(listId, file, true);
    if (!answer.ok) setStep({ kind: 'choose', error: answer.message });
    else setStep({ kind: 'preview', file, preview: answer.preview });
  };

  const save = async () => {
    if (step.kind !== 'preview') return;
    setStep({ kind: 'importing', file: step.file, preview: step.preview });
    const answer = await importFile(listId, step.file, false);
    if (!answer.ok) {
      setStep({ kind: 'preview', file: step.file, preview: step.preview });
      toast.error('Failed to import guests', answer.message);
      return;
    }
    await refresh();
    const { guests, households } = answer.preview.imported ?? answer.preview;
    toast.success(
      'Guests imported',
      `${plural(guests, 'guest')} in ${plural(households, 'household')} added to the list.`,
    );
    onClose();
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;

  return (
    <DialogShell open={open} onClose={onClose} pending={busy} long="xl">
      <Dialog.Content>
        <DialogHeading
          title="Import Guests"
          description="A CSV exported from Google Contacts, Excel or Numbers: one row per guest, with a column of names."
        />
        <Dialog.Body>
          <Stack gap="4">
            <Box>
              <Text id={labelId} fontWeight="medium" fontSize="sm" mb="1.5">
                CSV file
              </Text>
              <input
                ref={input}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                aria-labelledby={labelId}
                aria-describedby={hintId}
                hidden
                onChange={(event) => {
                  void choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Flex gap="3" align="center" wrap="wrap">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => input.current?.click()}
                  loading={step.kind === 'checking'}
                  loadingText="Checking..."
                  disabled={busy}
                  aria-describedby={hintId}
                >
                  <FileUp />
                  {step.kind === 'choose' ? 'Choose file' : 'Choose another file'}
                </Button>
                {step.kind !== 'choose' ? (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {step.file.name}
                  </Text>
                ) : null}
              </Flex>
              <Text id={hintId} fontSize="xs" color="fg.muted" mt="1.5">
                Columns such as Name (or First Name and Last Name), Email, Phone, Household, Side, Meal.
                At most {GUEST_LIMITS.importRowsMax.toLocaleString('en-US')} rows and 2 MB. Nothing is
                saved until you import.
              </Text>
            </Box>
            {step.kind === 'choose' && step.error ? (
              <FormAlert status="error" role="alert">
                {step.error}
              </FormAlert>
            ) : null}
            {preview ? <PreviewPanel preview={preview} /> : null}
          </Stack>
        </Dialog.Body>
        <DialogActions pending={busy}>
          <Button
            onClick={() => void save()}
            disabled={!preview || preview.valid === 0 || step.kind === 'importing'}
            loading={step.kind === 'importing'}
            loadingText="Importing..."
          >
            {preview ? `Import ${plural(preview.valid, 'guest')}` : 'Import'}
          </Button>
        </DialogActions>
        <DialogCloseX disabled={busy} />
      </Dialog.Content>
    </DialogShell>
  );
}

/** What the dry run found: the columns as read, the counts, and the rows with a problem or a duplicate. */
function PreviewPanel({ preview }: { preview: ImportPreview }) {
  const flagged = preview.rows.filter((row) => row.errors.length > 0 || row.duplicate);
  return (
    <Stack gap="4" aria-live="polite">
      <Box layerStyle="softPanel" rounded="lg" p="3">
        <Text fontWeight="semibold" color="brand.950">
          {plural(preview.guests, 'guest')} in {plural(preview.households, 'household')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {plural(preview.rows.length, 'row')} read
          {preview.invalid > 0 ? `; ${plural(preview.invalid, 'row')} with problems will be skipped` : ''}
          {preview.duplicates > 0 ? `; ${plural(preview.duplicates, 'possible duplicate')}` : ''}.
        </Text>
      </Box>
      <Box>
        <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
          Columns
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {preview.columns.map((column) => (
            <Badge key={column.header} variant={column.field ? 'subtle' : 'outline'} colorPalette={column.field ? 'brand' : 'gray'}>
              {column.header} → {column.field ?? 'not used'}
            </Badge>
          ))}
        </Flex>
      </Box>
      {flagged.length > 0 ? (
        <Box>
          <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
            Rows to look at
          </Text>
          <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="lg" maxH="64">
            <Table.Root size="sm" aria-label="Rows with problems or duplicates" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Problem</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {flagged.slice(0, 200).map((row) => (
                  <Table.Row key={row.line}>
                    <Table.Cell>{row.line}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{row.name || '—'}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="0.5">
                        {row.errors.map((error) => (
                          <Text key={error} fontSize="sm" color="fg.error">
                            {error}
                          </Text>
                        ))}
                        {row.duplicate ? (
                          <Text fontSize="sm" color="orange.fg">
                            {row.duplicate}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      ) : (
        <Text fontSize="sm" color="green.fg">
          No problems and no duplicates found.
        </Text>
      )}
    </Stack>
  );
}
