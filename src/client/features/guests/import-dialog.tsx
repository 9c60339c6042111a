import { Badge, Box, Button, Checkbox, Dialog, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type GuestImportField,
  type GuestImportPreviewDto,
  type GuestImportRowDto,
} from '../../../shared/schemas/guests';
import { DialogActions, DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { FormAlert } from '../../components/error-alert';
import type { MessageId } from '../../i18n/catalogue';
import type { CodedMessage } from '../../i18n/message-text';
import { useIsolate } from '../../i18n/use-isolate';
import { useMessageText, useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { useWhenOpened } from '../../lib/use-zod-form';
import { EventChecks, type ListEvent } from './event-checks';
import { previewImport, runImport } from './import-file';
import { useGuestRefresh } from './use-guests';

/** A refusal shown in the dialog: a shared or server message, or a catalogue id (messageText). */
type Refusal = CodedMessage | MessageId | string;

type Step =
  | { kind: 'choose'; error?: Refusal }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; preview: GuestImportPreviewDto; error?: Refusal }
  | { kind: 'importing'; file: File; preview: GuestImportPreviewDto };

/** The field names as the preview shows where a column went. */
const FIELD_LABELS: Record<GuestImportField, MessageId> = {
  name: 'guests.field.name',
  givenName: 'guests.import.field.givenName',
  middleName: 'guests.import.field.middleName',
  familyName: 'guests.import.field.familyName',
  email: 'common.field.email',
  phone: 'common.field.phone',
  household: 'guests.field.household',
  side: 'guests.import.field.side',
  tags: 'guests.field.tags',
  meal: 'guests.field.meal',
  dietaryNote: 'guests.field.dietaryNote',
  kashrutStandard: 'guests.field.kashrutStandard',
  tableName: 'guests.import.field.table',
  plusOnes: 'guests.import.field.plusOnes',
  address: 'common.field.address',
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
  const t = useT();
  const iso = useIsolate();
  const messageText = useMessageText();
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
      toast.error(t('guests.import.failed'), messageText(answer.message));
      return;
    }
    await refresh();
    const { imported, households, skipped } = answer.value;
    toast.success(t('guests.import.done'), t('guests.import.doneText', { imported, households, skipped }));
    onClose();
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;
  const toImport = preview ? preview.guests - (includeDuplicates ? 0 : preview.duplicates) : 0;

  return (
    <DialogShell open={open} onClose={onClose} pending={busy} long="xl">
      <Dialog.Content>
        <DialogHeading title={t('guests.import.title')} description={t('guests.import.description')} />
        <Dialog.Body>
          <Stack gap="5">
            <Box>
              <Text id={labelId} fontWeight="medium" fontSize="sm" mb="1.5">
                {t('guests.import.file')}
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
                  loadingText={t('guests.import.reading')}
                  disabled={busy}
                  aria-describedby={hintId}
                >
                  <FileSpreadsheet />
                  {step.kind === 'choose' ? t('guests.import.choose') : t('guests.import.chooseAnother')}
                </Button>
                {step.kind !== 'choose' ? (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {step.file.name}
                  </Text>
                ) : null}
              </Flex>
              <Text id={hintId} fontSize="xs" color="fg.muted" mt="1.5">
                {t('guests.import.hint', { rows: GUEST_LIMITS.importRowsMax })}
              </Text>
            </Box>
            {step.kind === 'choose' && step.error ? (
              <FormAlert status="error" role="alert">
                {messageText(step.error)}
              </FormAlert>
            ) : null}
            {step.kind === 'preview' && step.error ? (
              <FormAlert status="error" role="alert">
                {messageText(step.error)}
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
                    <Checkbox.Label fontWeight="normal">
                      {t('guests.import.includeDuplicates')}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ) : null}
                {events.length > 1 ? (
                  <EventChecks
                    legend={t('guests.import.inviteLegend', { main: iso(main?.title ?? '') })}
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
            loadingText={t('guests.import.importing')}
          >
            {preview && preview.errors === 0
              ? t('guests.import.submitCount', { count: toImport })
              : t('guests.import.submit')}
          </Button>
        </DialogActions>
        <DialogCloseX disabled={busy} />
      </Dialog.Content>
    </DialogShell>
  );
}

function duplicateText(row: GuestImportRowDto): ReactNode {
  const dup = row.duplicateOf;
  if (!dup) return null;
  const name = <bdi>{dup.name}</bdi>;
  return dup.kind === 'list' ? (
    <FormattedMessage id="guests.import.duplicateOfListed" values={{ name }} />
  ) : (
    <FormattedMessage id="guests.import.duplicateOfRow" values={{ name, row: String(dup.row) }} />
  );
}

/** What the dry run found: the counts, the columns as read, and the rows with a problem or a duplicate. */
function PreviewPanel({ preview }: { preview: GuestImportPreviewDto }) {
  const t = useT();
  const messageText = useMessageText();
  const flagged = preview.rows.filter((row) => row.errors.length > 0 || row.duplicateOf);
  return (
    <Stack gap="4">
      <Box layerStyle="softPanel" rounded="lg" p="3" role="status">
        <Text fontWeight="semibold" color="brand.950">
          {t('guests.import.counts', { guests: preview.guests, households: preview.households })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {preview.newHouseholds === preview.households
            ? t('guests.import.allNew')
            : t('guests.import.someNew', { count: preview.newHouseholds })}
          {preview.errors > 0 ? t('guests.import.problemRows', { count: preview.errors }) : ''}
          {preview.duplicates > 0 ? t('guests.import.duplicates', { count: preview.duplicates }) : ''}
        </Text>
      </Box>
      {preview.errors > 0 ? <FormAlert status="warning">{t('guests.import.fixFirst')}</FormAlert> : null}
      <Box>
        <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
          {t('guests.import.columns')}
        </Text>
        <Flex as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label={t('guests.import.columnsLabel')}>
          {preview.columns.map((column) => (
            <li key={column.header}>
              <Badge
                variant={column.field ? 'subtle' : 'outline'}
                colorPalette={column.field ? 'brand' : 'gray'}
                whiteSpace="normal"
              >
                <FormattedMessage
                  id="guests.import.column"
                  values={{
                    header: column.header ? <bdi>{column.header}</bdi> : t('guests.import.noHeader'),
                    field: column.field ? t(FIELD_LABELS[column.field]) : t('guests.import.notUsed'),
                  }}
                />
              </Badge>
            </li>
          ))}
        </Flex>
      </Box>
      {flagged.length > 0 ? (
        <Box>
          <Text as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
            {t('guests.import.flagged')}
          </Text>
          <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="lg" maxH="64">
            <Table.Root size="sm" aria-label={t('guests.import.flaggedLabel')} stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('guests.import.row')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('guests.field.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('guests.import.problem')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {flagged.slice(0, 200).map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{row.name ? <bdi>{row.name}</bdi> : '—'}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="0.5">
                        {row.errors.map((error) => (
                          <Text key={`${error.field}:${error.message}`} fontSize="sm" color="fg.error">
                            {messageText(error.message)}
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
          {t('guests.import.clean')}
        </Text>
      )}
    </Stack>
  );
}
