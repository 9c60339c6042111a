import { Badge, Box, Button, Checkbox, Dialog, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type GuestImportField,
  type GuestImportPreviewDto,
  type GuestImportRowDto,
} from '../../../shared/schemas/guests';
import { DialogActions, DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { FormAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useWhenOpened } from '../../lib/use-zod-form';
import { EventChecks, type ListEvent } from './event-checks';
import { previewImport, runImport } from './import-file';
import { useGuestRefresh } from './use-guests';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; preview: GuestImportPreviewDto; error?: string }
  | { kind: 'importing'; file: File; preview: GuestImportPreviewDto };

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The field names as the preview shows where a column went. */
const FIELD_LABELS: Record<GuestImportField, string> = {
  name: 'Name',
  givenName: 'First name',
  middleName: 'Middle name',
  familyName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  household: 'Household',
  side: 'Side',
  tags: 'Tags',
  meal: 'Meal',
  dietaryNote: 'Dietary note',
  kashrutStandard: 'Kashrut standard',
  tableName: 'Table',
  plusOnes: 'Plus-ones',
  address: 'Address',
};

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  listId: string;
  /** The list's events: the main event (always invited) and its sub-events. */
  events: ListEvent[];
}

/**
 * Import a CSV (Google Contacts, Excel): the file is read first without saving (a dry run), the
 * preview shows how its columns were read, the rows with problems and the duplicates; Import then
 * saves the rows and says how many.
 */
export function ImportDialog({ open, onClose, listId, events }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [invitedTo, setInvitedTo] = useState<string[]>([]);
  const [includeDuplicates, setIncludeDuplicates] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const refresh = useGuestRefresh();
  useWhenOpened(open, () => {
    setStep({ kind: 'choose' });
    setInvitedTo([]);
    setIncludeDuplicates(false);
  });
  const busy = step.kind === 'checking' || step.kind === 'importing';
  const main = events[0];

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > GUEST_LIMITS.importBytesMax) {
      setStep({ kind: 'choose', error: GUEST_MESSAGES.fileTooLarge });
      return;
    }
    setStep({ kind: 'checking', file });
    const answer = await previewImport(listId, file);
    if (!answer.ok) setStep({ kind: 'choose', error: answer.message });
    else setStep({ kind: 'preview', file, preview: answer.value });
  };

  const save = async () => {
    if (step.kind !== 'preview') return;
    const { file, preview } = step;
    setStep({ kind: 'importing', file, preview });
    const answer = await runImport(listId, file, { invitedTo, includeDuplicates });
    if (!answer.ok) {
      setStep({ kind: 'preview', file, preview, error: answer.message });
      toast.error('Failed to import guests', answer.message);
      return;
    }
    await refresh();
    const { imported, households, skipped } = answer.value;
    toast.success(
      'Guests imported',
      `${plural(imported, 'guest')} added in ${plural(households, 'new household')}${
        skipped > 0 ? `; ${plural(skipped, 'duplicate')} left out` : ''
      }.`,
    );
    onClose();
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;
  const toImport = preview ? preview.guests - (includeDuplicates ? 0 : preview.duplicates) : 0;

  return (
    <DialogShell open={open} onClose={onClose} pending={busy} long="xl">
      <Dialog.Content>
        <DialogHeading
          title="Import Guests"
          description="A CSV exported from Google Contacts, Excel or Numbers: one row per guest, with a column of names."
        />
        <Dialog.Body>
          <Stack gap="5">
            <Box>
              <Text id={labelId} fontWeight="medium" fontSize="sm" mb="1.5">
                CSV file
              </Text>
              <input
                ref={input}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
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
                  loadingText="Reading..."
                  disabled={busy}
                  aria-describedby={hintId}
                >
                  <FileSpreadsheet />
                  {step.kind === 'choose' ? 'Choose file' : 'Choose another file'}
                </Button>
                {step.kind !== 'choose' ? (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {step.file.name}
                  </Text>
                ) : null}
              </Flex>
              <Text id={hintId} fontSize="xs" color="fg.muted" mt="1.5">
                Columns such as Name (or First Name and Last Name), Email, Phone, Household, Side, Meal. At
                most {GUEST_LIMITS.importRowsMax.toLocaleString('en-US')} rows and 2 MB. Nothing is saved
                until you import.
              </Text>
            </Box>
            {step.kind === 'choose' && step.error ? (
              <FormAlert status="error" role="alert">
                {step.error}
              </FormAlert>
            ) : null}
            {step.kind === 'preview' && step.error ? (
              <FormAlert status="error" role="alert">
                {step.error}
              </FormAlert>
            ) : null}
            {preview ? (
              <>
                <PreviewPanel preview={preview} />
                {preview.duplicates > 0 ? (
                  <Checkbox.Root
                    checked={includeDuplicates}
                    onCheckedChange={(details) => setIncludeDuplicates(details.checked === true)}
                    disabled={busy}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal">Import the possible duplicates too</Checkbox.Label>
                  </Checkbox.Root>
                ) : null}
                {events.length > 1 ? (
                  <EventChecks
                    legend={`Invite them to ${main ? `${main.title} and` : ''} these sub-events`}
                    events={events.slice(1)}
                    value={invitedTo}
                    onChange={setInvitedTo}
                    disabled={busy}
                  />
                ) : null}
              </>
            ) : null}
          </Stack>
        </Dialog.Body>
        <DialogActions pending={busy}>
          <Button
            onClick={() => void save()}
            disabled={!preview || preview.errors > 0 || toImport <= 0}
            loading={step.kind === 'importing'}
            loadingText="Importing..."
          >
            {preview && preview.errors === 0 ? `Import ${plural(toImport, 'guest')}` : 'Import'}
          </Button>
        </DialogActions>
        <DialogCloseX disabled={busy} />
      </Dialog.Content>
    </DialogShell>
  );
}

function duplicateText(row: GuestImportRowDto): string | null {
  const dup = row.duplicateOf;
  if (!dup) return null;
  return dup.kind === 'list'
    ? `Possible duplicate of ${dup.name}, already on the list`
    : `Possible duplicate of ${dup.name} in row ${dup.row}`;
}

/** What the dry run found: the counts, the columns as read, and the rows with a problem or a duplicate. */
function PreviewPanel({ preview }: { preview: GuestImportPreviewDto }) {
  const flagged = preview.rows.filter((row) => row.errors.length > 0 || row.duplicateOf);
  return (
    <Stack gap="4">
      <Box layerStyle="softPanel" rounded="lg" p="3" role="status">
        <Text fontWeight="semibold" color="brand.950">
          {plural(preview.guests, 'guest')} in {plural(preview.households, 'household')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {preview.newHouseholds === preview.households
            ? 'All households are new.'
            : `${plural(preview.newHouseholds, 'new household')}; the others are already on the list.`}
          {preview.errors > 0 ? ` ${plural(preview.errors, 'row')} with problems.` : ''}
          {preview.duplicates > 0 ? ` ${plural(preview.duplicates, 'possible duplicate')}.` : ''}
        </Text>
      </Box>
      {preview.errors > 0 ? (
        <FormAlert status="warning">
          Rows with problems must be fixed in the file before anything is imported: correct them and choose
          the file again.
        </FormAlert>
      ) : null}
      <Box>
        <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
          Columns
        </Text>
        <Flex as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label="How the columns are read">
          {preview.columns.map((column) => (
            <li key={column.header}>
              <Badge
                variant={column.field ? 'subtle' : 'outline'}
                colorPalette={column.field ? 'brand' : 'gray'}
                whiteSpace="normal"
              >
                {column.header || '(no header)'} → {column.field ? FIELD_LABELS[column.field] : 'not used'}
              </Badge>
            </li>
          ))}
        </Flex>
      </Box>
      {flagged.length > 0 ? (
        <Box>
          <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
            Rows to look at
          </Text>
          <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="lg" maxH="64">
            <Table.Root size="sm" aria-label="Rows with problems or possible duplicates" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>What to look at</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {flagged.slice(0, 200).map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{row.name || '—'}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="0.5">
                        {row.errors.map((error) => (
                          <Text key={`${error.field}:${error.message}`} fontSize="sm" color="fg.error">
                            {error.message}
                          </Text>
                        ))}
                        {row.duplicateOf ? (
                          <Text fontSize="sm" color="orange.fg">
                            {duplicateText(row)}
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
