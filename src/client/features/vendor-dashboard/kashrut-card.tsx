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
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDate, formatInstantDate } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
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
import type { MessageId } from '../../i18n/catalogue';
import { useLanguage } from '../../i18n/language';
import { messageText } from '../../i18n/message-text';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { codedMessage } from '../../lib/errors';
import { pageToday } from '../../lib/page-clock';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm, type ZodForm } from '../../lib/use-zod-form';
import { specificMessage } from './format';

type KashrutValues = z.input<typeof kashrutSaveInput>;

/** A civil day ('2027-03-01') as 'March 1, 2027' ('1 במרץ 2027'). */
export function dayInWords(day: string, language: Language): string {
  return formatDate(day, language, 'long');
}

/** Today on this device, as 'YYYY-MM-DD'. */
const localToday = pageToday;

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
  const t = useT();
  const iso = useIsolate();
  const { locale } = useIntl();
  const id = useId();
  const query = trpc.kashrut.mine.useQuery({ vendorId });
  const data = query.data;
  // 'caterers and venues' ('קייטרינג ואולמות וגנים'): the categories that may state a supervision.
  const categories = useMemo(
    () =>
      new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        KASHRUT_CATEGORIES.map((c) => term(t, 'category', c).toLowerCase()),
      ),
    [locale, t],
  );
  if (data && !data.mayState) return null;
  return (
    <Panel as="section" aria-labelledby={id} p={{ base: '4', md: '6' }} data-testid="kashrut-card">
      <Heading id={id} as="h2" fontSize="lg" color="brand.950">
        {t('vendorDashboard.kashrut.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {t('vendorDashboard.kashrut.intro', { categories, brand: iso(PRODUCT_NAME) })}
      </Text>
      <Stack gap="5" mt="4">
        {data ? (
          <KashrutForm key={`${data.vendorId}-${data.kashrut?.version ?? 0}`} own={data} />
        ) : query.error ? (
          <ErrorAlert>{specificMessage(query.error) ?? t('vendorDashboard.kashrut.loadFailed')}</ErrorAlert>
        ) : (
          <Skeleton h="48" rounded="lg" role="status" aria-label={t('vendorDashboard.kashrut.loading')} />
        )}
      </Stack>
    </Panel>
  );
}

/** Each status's badge, in the page's language. */
const STATUS_BADGES: Record<KashrutDto['status'], MessageId> = {
  stated: 'vendorDashboard.kashrut.badge.stated',
  pending: 'vendorDashboard.kashrut.badge.pending',
  verified: 'vendorDashboard.kashrut.badge.verified',
  rejected: 'vendorDashboard.kashrut.badge.rejected',
  expired: 'vendorDashboard.kashrut.badge.expired',
};

/** Where the verification stands, in words: a title, and what to do or know about it. */
function statusLines(
  t: Translate,
  brand: string,
  language: Language,
  kashrut: KashrutDto,
): Record<KashrutDto['status'], { palette: string; title: string; text: string }> {
  return {
    stated: {
      palette: 'gray',
      title: t('vendorDashboard.kashrut.stated.title'),
      text: t('vendorDashboard.kashrut.stated.text', { brand }),
    },
    pending: {
      palette: 'orange',
      title: t('vendorDashboard.kashrut.pending.title', { brand }),
      text: t('vendorDashboard.kashrut.pending.text'),
    },
    verified: {
      palette: 'green',
      title: kashrut.verifiedAt
        ? t('vendorDashboard.kashrut.verified.titleOn', {
            brand,
            date: formatInstantDate(kashrut.verifiedAt, null, language, 'long'),
          })
        : t('vendorDashboard.kashrut.verified.title', { brand }),
      text: kashrut.expiresOn
        ? t('vendorDashboard.kashrut.verified.text', {
            brand,
            date: dayInWords(kashrut.expiresOn, language),
          })
        : '',
    },
    rejected: {
      palette: 'red',
      title: t('vendorDashboard.kashrut.rejected.title'),
      text: kashrut.rejectedReason
        ? t('vendorDashboard.kashrut.rejected.text', { reason: kashrut.rejectedReason })
        : '',
    },
    expired: {
      palette: 'red',
      title: t('vendorDashboard.kashrut.expired.title'),
      text: t('vendorDashboard.kashrut.expired.text', { brand }),
    },
  };
}

function StatusLine({ kashrut }: { kashrut: KashrutDto | null }) {
  const t = useT();
  const iso = useIsolate();
  const { language } = useLanguage();
  if (!kashrut) return null;
  const line = statusLines(t, iso(PRODUCT_NAME), language, kashrut)[kashrut.status];
  return (
    <HStack gap="3" align="flex-start" data-testid="kashrut-status">
      <Badge colorPalette={line.palette} flexShrink="0">
        <ShieldCheck aria-hidden size={14} />
        {t(STATUS_BADGES[kashrut.status])}
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
  const t = useT();
  const id = useId();
  const error = useFieldError({ form, name: 'level' });
  return (
    <chakra.fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        {t('vendorDashboard.kashrut.level')}
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
            <Text fontSize="sm">{term(t, 'kashrutLevel', level.value)}</Text>
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
  const t = useT();
  const iso = useIsolate();
  const brand = iso(PRODUCT_NAME);
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
          t('vendorDashboard.kashrut.saved'),
          next.kashrut?.status === 'verified'
            ? t('vendorDashboard.kashrut.savedVerified')
            : t('vendorDashboard.kashrut.savedToCheck', { brand }),
        );
      },
      onError: (error) => {
        const current = staleCurrent<KashrutDto>(error);
        if (current) setStale(current);
        else if (!form.applyServerErrors(error))
          setProblem(specificMessage(error) ?? t('vendorDashboard.kashrut.saveFailed'));
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
        const refusal = (json as { error?: { message?: unknown } } | null)?.error;
        // The server's sentence in the page's language, by its code (REST sends it as tRPC does).
        setProblem(
          typeof refusal?.message === 'string'
            ? messageText(codedMessage(refusal.message, refusal))
            : t('vendorDashboard.kashrut.uploadFailed'),
        );
        return;
      }
      // The answer's dates are JSON text: read the row again through the typed query.
      await utils.kashrut.mine.invalidate({ vendorId: own.vendorId });
      toast.success(
        t('vendorDashboard.kashrut.uploaded'),
        t('vendorDashboard.kashrut.uploadedDescription', { brand }),
      );
    } catch {
      setProblem(t('vendorDashboard.kashrut.uploadOffline'));
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
        aria-label={t('vendorDashboard.kashrut.title')}
        aria-busy={save.isPending}
      >
        <Stack gap="5">
          <FieldColumns from="md">
            <FormSelect
              form={form}
              name="agency"
              label={t('vendorDashboard.kashrut.agency')}
              required
              options={KASHRUT_AGENCIES.map((a) => ({
                value: a.code,
                label: term(t, 'kashrutAgency', a.code),
              }))}
            />
            {agency === 'other' ? (
              <FormInput
                form={form}
                name="agencyOther"
                label={t('vendorDashboard.kashrut.agencyName')}
                required
                maxLength={120}
              />
            ) : null}
          </FieldColumns>
          <LevelRadios form={form} />
          <chakra.fieldset>
            <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
              {t('vendorDashboard.kashrut.standards')}
            </chakra.legend>
            <Flex gap="5" wrap="wrap">
              {KASHRUT_FLAGS.map((f) => (
                <Checkbox key={f.field} form={form} name={f.field} label={term(t, 'kashrutFlag', f.field)} />
              ))}
            </Flex>
          </chakra.fieldset>
          <FormTextField
            label={t('vendorDashboard.kashrut.expiry')}
            type="date"
            maxW="xs"
            error={expiryError}
            disabled={form.pending}
            hint={t('vendorDashboard.kashrut.expiryHint')}
            {...expiry}
          />
          <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
            {t('vendorDashboard.kashrut.save')}
          </Button>
        </Stack>
      </chakra.form>
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm">
          {t('vendorDashboard.kashrut.certificate')}
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
              <bdi>{certificate.name}</bdi>
            </chakra.a>{' '}
            {t('vendorDashboard.kashrut.certificatePrivate', { brand })}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {own.kashrut
              ? t('vendorDashboard.kashrut.noCertificate')
              : t('vendorDashboard.kashrut.saveFirst')}
          </Text>
        )}
        <FileField
          label={certificate ? t('vendorDashboard.kashrut.replace') : t('vendorDashboard.kashrut.upload')}
          hint={t('vendorDashboard.kashrut.fileHint')}
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
              {t('vendorDashboard.kashrut.choose')}
            </Button>
          )}
        </FileField>
      </Stack>
      {own.kashrut?.status === 'verified' ? (
        <Alert.Root status="info" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Description>{t('vendorDashboard.kashrut.changeWarning', { brand })}</Alert.Description>
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
  const t = useT();
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
      toast.success(t('vendorDashboard.kashrut.removed'), t('vendorDashboard.kashrut.removedDescription'));
    },
    failed: t('vendorDashboard.kashrut.removeFailed'),
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
        {t('vendorDashboard.kashrut.remove')}
      </Button>
      <ConfirmDialog
        {...removing.dialog}
        title={t('vendorDashboard.kashrut.removeTitle')}
        confirmLabel={t('vendorDashboard.kashrut.remove')}
        pendingLabel={t('vendorDashboard.kashrut.removing')}
      >
        {kashrut.status === 'verified'
          ? t('vendorDashboard.kashrut.removeVerified')
          : t('vendorDashboard.kashrut.removeStated')}{' '}
        {kashrut.certificate
          ? t('vendorDashboard.kashrut.removeCertificate')
          : t('vendorDashboard.kashrut.removeNoCertificate')}
      </ConfirmDialog>
    </Box>
  );
}
