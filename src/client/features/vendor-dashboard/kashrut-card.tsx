import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileUp, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { KASHRUT_AGENCIES, KASHRUT_CATEGORIES, KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import {
  KASHRUT_MESSAGES,
  type KashrutDto,
  kashrutSaveInput,
  type OwnKashrutDto,
} from '../../../shared/schemas/kashrut';
import { ErrorAlert } from '../../components/error-alert';
import { FieldColumns } from '../../components/field-columns';
import { FileField } from '../../components/file-field';
import { ConfirmDialog } from '../../components/form-dialog';
import { FormInput, FormSelect, FormTextField, useFieldError } from '../../components/form-fields';
import { Panel } from '../../components/panel';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm, type ZodForm } from '../../lib/use-zod-form';
import { specificMessage } from './format';

type KashrutValues = z.input<typeof kashrutSaveInput>;

/** A civil day ('2027-03-01') as 'March 1, 2027'. */
export function dayInWords(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Today on this device, as 'YYYY-MM-DD'. */
const localToday = () => new Date().toLocaleDateString('en-CA');

/** The form's schema: the server's, and an expiry date that has not come on this device either. */
const formSchema = kashrutSaveInput.superRefine((v, ctx) => {
  if (v.expiresOn && v.expiresOn <= localToday()) {
    ctx.addIssue({ code: 'custom', message: KASHRUT_MESSAGES.expiryPassed, path: ['expiresOn'] });
  }
});

function valuesOf(vendorId: string, k: KashrutDto | null): KashrutValues {
  return {
    vendorId,
    version: k?.version,
    agency: (k?.agency ?? 'ou') as KashrutValues['agency'],
    agencyOther: k?.agencyOther ?? '',
    level: k?.level ?? 'meat',
    chalavYisrael: k?.chalavYisrael ?? false,
    pasYisrael: k?.pasYisrael ?? false,
    glatt: k?.glatt ?? false,
    mehadrin: k?.mehadrin ?? false,
    shomerShabbat: k?.shomerShabbat ?? false,
    expiresOn: k?.expiresOn ?? null,
  };
}

/**
 * The Kashrut card of the Listing Profile tab (issue 29): the supervision of a caterer or venue,
 * its certificate and where SimchaHub's verification stands. Loaded with its own chunk, after the
 * profile form.
 */
export function KashrutCard({ vendorId }: { vendorId: string }) {
  const id = useId();
  const query = trpc.kashrut.mine.useQuery({ vendorId });
  const data = query.data;
  if (data && !data.mayState) return null;
  return (
    <Panel as="section" aria-labelledby={id} p={{ base: '4', md: '6' }} data-testid="kashrut-card">
      <Heading id={id} as="h2" fontSize="lg" color="brand.950">
        Kashrut
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Families choose {KASHRUT_CATEGORIES.map((c) => c.toLowerCase()).join(' and ')} by their supervision.
        State it here and upload the certificate: once SimchaHub has checked it, your profile shows it as
        verified until the certificate expires.
      </Text>
      <Stack gap="5" mt="4">
        {data ? (
          <KashrutForm key={`${data.vendorId}-${data.kashrut?.version ?? 0}`} own={data} />
        ) : query.error ? (
          <ErrorAlert>
            {specificMessage(query.error) ?? 'The kashrut details could not be loaded.'}
          </ErrorAlert>
        ) : (
          <Skeleton h="48" rounded="lg" role="status" aria-label="Loading the kashrut details" />
        )}
      </Stack>
    </Panel>
  );
}

function StatusLine({ kashrut }: { kashrut: KashrutDto | null }) {
  if (!kashrut) return null;
  const lines: Record<KashrutDto['status'], { palette: string; title: string; text: string }> = {
    stated: {
      palette: 'gray',
      title: 'Stated by the business, not yet verified',
      text: 'Upload the certificate so that SimchaHub can verify it.',
    },
    pending: {
      palette: 'orange',
      title: 'Waiting for SimchaHub to check the certificate',
      text: 'Until then, your profile shows the supervision as stated by the business, not yet verified.',
    },
    verified: {
      palette: 'green',
      title: kashrut.verifiedAt
        ? `Verified by SimchaHub on ${kashrut.verifiedAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}`
        : 'Verified by SimchaHub',
      text: kashrut.expiresOn
        ? `Shown as verified until the certificate expires on ${dayInWords(kashrut.expiresOn)}. Changing the details below sends them to SimchaHub again.`
        : '',
    },
    rejected: {
      palette: 'red',
      title: 'The certificate was not accepted',
      text: kashrut.rejectedReason ? `Reason: ${kashrut.rejectedReason}` : '',
    },
    expired: {
      palette: 'red',
      title: 'The certificate has expired',
      text: 'Upload the renewed certificate with its new expiry date, and SimchaHub will verify it again.',
    },
  };
  const line = lines[kashrut.status];
  return (
    <HStack gap="3" align="flex-start" data-testid="kashrut-status">
      <Badge colorPalette={line.palette} flexShrink="0">
        <ShieldCheck aria-hidden size={14} />
        {kashrut.status === 'stated'
          ? 'Not verified'
          : kashrut.status.charAt(0).toUpperCase() + kashrut.status.slice(1)}
      </Badge>
      <Stack gap="0" fontSize="sm">
        <Text fontWeight="semibold">{line.title}</Text>
        {line.text ? <Text color="fg.muted">{line.text}</Text> : null}
      </Stack>
    </HStack>
  );
}

function Checkbox({
  form,
  name,
  label,
}: {
  form: ZodForm<KashrutValues, unknown>;
  name: keyof KashrutValues;
  label: string;
}) {
  return (
    <HStack gap="2" as="label" cursor="pointer">
      <chakra.input
        type="checkbox"
        boxSize="4"
        accentColor="brand.700"
        disabled={form.pending}
        {...form.register(name)}
      />
      <Text fontSize="sm">{label}</Text>
    </HStack>
  );
}

function LevelRadios({ form }: { form: ZodForm<KashrutValues, unknown> }) {
  const id = useId();
  const error = useFieldError({ form, name: 'level' });
  return (
    <chakra.fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        Level
      </chakra.legend>
      <HStack gap="5" wrap="wrap">
        {KASHRUT_LEVELS.map((level) => (
          <HStack key={level.value} as="label" gap="2" cursor="pointer">
            <chakra.input
              type="radio"
              value={level.value}
              boxSize="4"
              accentColor="brand.700"
              disabled={form.pending}
              {...form.register('level')}
            />
            <Text fontSize="sm">{level.label}</Text>
          </HStack>
        ))}
      </HStack>
      {error ? (
        <Text id={`${id}-error`} color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      ) : null}
    </chakra.fieldset>
  );
}

function KashrutForm({ own }: { own: OwnKashrutDto }) {
  const utils = trpc.useUtils();
  const save = trpc.kashrut.save.useMutation();
  const [stale, setStale] = useState<KashrutDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useZodForm(formSchema, {
    defaultValues: valuesOf(own.vendorId, own.kashrut),
    pending: save.isPending,
  });
  const agency = form.watch('agency');
  const expiryError = useFieldError({ form, name: 'expiresOn' });

  const adopt = (next: OwnKashrutDto) => {
    utils.kashrut.mine.setData({ vendorId: next.vendorId }, next);
    form.reset(valuesOf(next.vendorId, next.kashrut));
    setStale(null);
    setProblem(null);
  };

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (next) => {
        adopt(next);
        void utils.vendors.byId.invalidate({ id: next.vendorId });
        toast.success(
          'Kashrut saved',
          next.kashrut?.status === 'verified'
            ? 'Nothing that was verified changed.'
            : 'SimchaHub checks it once the certificate is uploaded.',
        );
      },
      onError: (error) => {
        const current = staleCurrent<KashrutDto>(error);
        if (current) setStale(current);
        else if (!form.applyServerErrors(error))
          setProblem(specificMessage(error) ?? 'The kashrut details could not be saved. Please try again.');
      },
    });
  });

  const upload = async (file: File) => {
    setUploading(true);
    setProblem(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const response = await fetch(`/api/vendors/profile/kashrut/certificate?vendorId=${own.vendorId}`, {
        method: 'POST',
        body,
        credentials: 'include',
      });
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = (json as { error?: { message?: string } } | null)?.error?.message;
        setProblem(message ?? 'The certificate could not be uploaded. Please try again.');
        return;
      }
      // The answer's dates are JSON text: read the row again through the typed query.
      await utils.kashrut.mine.invalidate({ vendorId: own.vendorId });
      toast.success('Certificate uploaded', 'SimchaHub will check it and tell you when it is verified.');
    } catch {
      setProblem('The certificate could not be uploaded. Check your connection and try again.');
    } finally {
      setUploading(false);
    }
  };

  const certificate = own.kashrut?.certificate;
  const expiry = form.register('expiresOn', { setValueAs: (v: unknown) => (v === '' ? null : v) });
  return (
    <Stack gap="5">
      <StatusLine kashrut={own.kashrut} />
      {stale ? (
        <StaleWriteAlert onReload={() => adopt({ ...own, kashrut: stale, version: stale.version })} />
      ) : null}
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      <chakra.form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Kashrut"
        aria-busy={save.isPending}
      >
        <Stack gap="5">
          <FieldColumns from="md">
            <FormSelect
              form={form}
              name="agency"
              label="Supervising agency"
              required
              options={KASHRUT_AGENCIES.map((a) => ({ value: a.code, label: a.label }))}
            />
            {agency === 'other' ? (
              <FormInput form={form} name="agencyOther" label="Agency name" required maxLength={120} />
            ) : null}
          </FieldColumns>
          <LevelRadios form={form} />
          <chakra.fieldset>
            <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
              Standards
            </chakra.legend>
            <Flex gap="5" wrap="wrap">
              {KASHRUT_FLAGS.map((f) => (
                <Checkbox key={f.field} form={form} name={f.field} label={f.label} />
              ))}
            </Flex>
          </chakra.fieldset>
          <FormTextField
            label="Certificate expiry date"
            type="date"
            maxW="xs"
            error={expiryError}
            disabled={form.pending}
            hint="The badge is shown until this day; we remind you 30 days before."
            {...expiry}
          />
          <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
            Save kashrut
          </Button>
        </Stack>
      </chakra.form>
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm">
          Certificate
        </Text>
        {certificate ? (
          <Text fontSize="sm">
            <chakra.a
              href={certificate.url}
              target="_blank"
              rel="noopener"
              color="brand.700"
              textDecoration="underline"
            >
              {certificate.name}
            </chakra.a>{' '}
            (only you and SimchaHub’s admins can open it)
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {own.kashrut
              ? 'No certificate uploaded yet.'
              : 'Save the supervision first, then upload its certificate.'}
          </Text>
        )}
        <FileField
          label={certificate ? 'Replace the certificate' : 'Upload the certificate'}
          hint="A PDF, JPG or PNG file of at most 10 MB."
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          onFiles={(files) => {
            const file = files[0];
            if (file) void upload(file);
          }}
        >
          {(choose) => (
            <Button
              variant="outline"
              size="sm"
              onClick={choose}
              disabled={!own.kashrut}
              loading={uploading}
              data-testid="kashrut-certificate-upload"
            >
              <FileUp aria-hidden />
              Choose a file
            </Button>
          )}
        </FileField>
      </Stack>
      {own.kashrut?.status === 'verified' ? (
        <Alert.Root status="info" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Description>
            Changing the agency, level, standards, expiry date or certificate removes the verified badge until
            SimchaHub checks it again.
          </Alert.Description>
        </Alert.Root>
      ) : null}
      {own.kashrut ? <RemoveSupervision own={own} kashrut={own.kashrut} onRemoved={adopt} /> : null}
    </Stack>
  );
}

/**
 * Remove supervision, after a question: the listing no longer states a kashrut, its verification
 * goes and its certificate is deleted. Asked from the version on screen: if it changed meanwhile
 * (another tab, an admin's decision), the card reads it again and nothing is removed.
 */
function RemoveSupervision({
  own,
  kashrut,
  onRemoved,
}: {
  own: OwnKashrutDto;
  kashrut: KashrutDto;
  onRemoved: (next: OwnKashrutDto) => void;
}) {
  const utils = trpc.useUtils();
  const remove = trpc.kashrut.remove.useMutation({
    onError: () => void utils.kashrut.mine.invalidate({ vendorId: own.vendorId }),
  });
  const removing = useConfirmedMutation(remove, {
    input: { vendorId: own.vendorId, version: kashrut.version },
    closeOnFailure: true,
    onDone: (next) => {
      onRemoved(next);
      void utils.vendors.byId.invalidate({ id: next.vendorId });
      toast.success('Kashrut supervision removed', 'Your profile no longer shows a supervision.');
    },
    failed: 'Could not remove the supervision',
  });
  return (
    <Box borderTopWidth="1px" borderColor="border.muted" pt="4">
      <Button
        size="sm"
        variant="ghost"
        colorPalette="red"
        onClick={removing.ask}
        data-testid="kashrut-remove"
      >
        <Trash2 aria-hidden />
        Remove supervision
      </Button>
      <ConfirmDialog
        {...removing.dialog}
        title="Remove the kashrut supervision?"
        confirmLabel="Remove supervision"
        pendingLabel="Removing..."
      >
        {kashrut.status === 'verified'
          ? 'Your profile stops showing the supervision and its verified badge, and families filtering by kashrut no longer find this listing. '
          : 'Your profile stops showing the supervision. '}
        {kashrut.certificate
          ? 'The certificate you uploaded is deleted. To state a supervision again, save the form and upload its certificate.'
          : 'To state a supervision again, save the form.'}
      </ConfirmDialog>
    </Box>
  );
}
