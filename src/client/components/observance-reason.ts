import { useCallback } from 'react';
import type { Language } from '../../shared/i18n';
import { afterName } from '../../shared/observance-names';
import {
  type ObservanceAbout,
  type ObservanceReason,
  type ObservanceReasonCode,
  readObservanceReason,
  reasonCivilDay,
  reasonDay,
  reasonTime,
} from '../../shared/observance-reasons';
import type { MessageId } from '../i18n/catalogue';
import { useIsolate } from '../i18n/use-isolate';
import type { MessageValues, Translate } from '../i18n/use-t';
import { useT } from '../i18n/use-t';
import { type Isolate, nameIn, usePageLanguage } from './observance-name';

/** Each reason's sentence in the catalogue (the English ones are the server's, word for word). */
export const REASON_MESSAGES = {
  restBegins: 'observance.reason.restBegins',
  restEnds: 'observance.reason.restEnds',
  restWithin: 'observance.reason.restWithin',
  restDay: 'observance.reason.restDay',
  restDayNoPlace: 'observance.reason.restDayNoPlace',
  restEveNoPlace: 'observance.reason.restEveNoPlace',
  cholHamoed: 'observance.reason.cholHamoed',
  fast: 'observance.reason.fast',
  omer: 'observance.reason.omer',
  roshChodeshIyarOmer: 'observance.reason.roshChodeshIyarOmer',
  threeWeeks: 'observance.reason.threeWeeks',
  nineDaysInThreeWeeks: 'observance.reason.nineDaysInThreeWeeks',
  nineDaysSephardi: 'observance.reason.nineDaysSephardi',
  shushanPurimTomorrow: 'observance.reason.shushanPurimTomorrow',
  lagBaOmer: 'observance.reason.lagBaOmer',
  shushanPurim: 'observance.reason.shushanPurim',
  shushanPurimJerusalem: 'observance.reason.shushanPurimJerusalem',
  day: 'observance.reason.day',
  afterRest: 'observance.reason.afterRest',
  beforeRest: 'observance.reason.beforeRest',
} as const satisfies Record<ObservanceReasonCode, MessageId>;

/**
 * The values of a reason's catalogue sentence: names in the language, the place's name as given
 * (isolated), times and days on the place's clock in the language's forms (observance-reasons.ts).
 */
export function reasonValues(reason: ObservanceReason, language: Language, isolate: Isolate): MessageValues {
  const params: Record<string, string | number | null> = reason.params;
  const values: MessageValues = {};
  const zone = typeof params.zone === 'string' ? params.zone : 'UTC';
  const date = typeof params.date === 'string' ? params.date : undefined;
  if (typeof params.name === 'string') values.name = nameIn(params.name, language, isolate, date);
  if (typeof params.place === 'string') values.place = isolate(params.place);
  const clock = (at: string | number | null | undefined, time: string, day?: string) => {
    if (typeof at !== 'string') return;
    values[time] = reasonTime(at, zone, language);
    if (day) values[day] = reasonDay(at, zone, language);
  };
  clock(params.startsAt, 'startTime', 'startDay');
  clock(params.endsAt, 'endTime', 'endDay');
  clock(params.eventStartsAt, 'eventStart');
  clock(params.eventEndsAt, 'eventEnd');
  switch (reason.code) {
    case 'restBegins':
      values.assumed = reason.params.assumedHours === null ? 'no' : 'yes';
      values.hours = reason.params.assumedHours ?? 0;
      break;
    case 'restDay':
      values.day = reasonCivilDay(reason.params.date, language);
      break;
    case 'omer':
      values.day = reason.params.day;
      values.custom = reason.params.custom;
      break;
    case 'afterRest':
      values.after = afterName(reason.params.name, language);
      break;
  }
  return values;
}

/**
 * A reason in the page's language: from its code and values when they are known, else the sentence
 * the server wrote (a request stored before codes were kept, or a code of a later version).
 */
export function reasonText(
  t: Translate,
  language: Language,
  isolate: Isolate,
  sentence: string | null | undefined,
  about: ObservanceAbout | null | undefined,
): string | null {
  const reason = readObservanceReason(about);
  if (!reason) return sentence ?? null;
  try {
    return t(REASON_MESSAGES[reason.code], reasonValues(reason, language, isolate));
  } catch {
    // A zone this browser does not know: the server's sentence, in its English.
    return sentence ?? null;
  }
}

/** reasonText() bound to the page's language: `reason(conflict.reason, conflict.about)`. */
export function useReasonText(): (
  sentence: string | null | undefined,
  about?: ObservanceAbout | null,
) => string | null {
  const t = useT();
  const language = usePageLanguage();
  const isolate = useIsolate();
  return useCallback(
    (sentence, about) => reasonText(t, language, isolate, sentence, about),
    [t, language, isolate],
  );
}
