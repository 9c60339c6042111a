import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-22T0000_initial_schema';
import * as vendorSearch from './2026-11-22T0100_vendor_search';
import * as unclaimedRequests from './2026-11-22T0200_requests_to_unclaimed_listings';
import * as vendorNameSearch from './2026-11-22T0300_vendor_name_search';
import * as vendorCategoryLocation from './2026-11-22T0400_vendor_category_location';
import * as limitsAndMail from './2026-11-23T0000_limits_and_mail';
import * as familyConsent from './2026-11-23T0100_family_consent';
import * as authHardening from './2026-11-23T0200_auth_hardening';
import * as uploads from './2026-11-23T0300_uploads';
import * as mailWorker from './2026-11-23T0500_mail_worker';
import * as vendorNameKey from './2026-11-23T0600_vendor_name_key';
import * as knownDevices from './2026-11-23T0700_known_devices';
import * as rowVersions from './2026-11-23T0800_row_versions';
import * as idempotencyKeys from './2026-11-23T0900_idempotency_keys';
import * as messaging from './2026-11-23T1000_messaging';
import * as vendorSide from './2026-11-23T1100_vendor_side';
import * as admin from './2026-11-24T0000_admin';
import * as searchWordForms from './2026-11-27T0000_search_word_forms';
import * as categoryArtIsDrawn from './2026-11-27T0100_category_art_is_drawn';
import * as reportsNameTheReported from './2026-11-29T0000_reports_name_the_reported';
import * as vendorNameSkeleton from './2026-11-29T0100_vendor_name_skeleton';
import * as emailConfirmation from './2026-11-29T0200_email_confirmation';
import * as reportedMessages from './2026-11-29T0300_reported_messages';
import * as requestSubjectsNameTheDay from './2026-11-29T0400_request_subjects_name_the_day';
import * as userLastSeen from './2026-11-29T0410_user_last_seen';
import * as placesAndClocks from './2026-11-29T0500_places_and_clocks';
import * as calendarFeeds from './2026-11-29T0600_calendar_feeds';
import * as bookings from './2026-11-29T0700_bookings';
import * as vendorAvailability from './2026-11-29T0710_vendor_availability';
import * as reviewRank from './2026-11-29T0730_review_rank';
import * as kashrut from './2026-11-29T0740_kashrut';
import * as calendarVersion from './2026-11-29T0800_calendar_version';
import * as storedFiles from './2026-11-29T0940_stored_files';
import * as backups from './2026-11-29T2000_backups';
import * as guests from './2026-11-30T0000_guests';
import * as rsvpNotifications from './2026-11-30T0100_rsvp_notifications';
import * as hebrewSearch from './2026-11-30T0200_hebrew_search';
import * as languages from './2026-11-30T0300_languages';
import * as requestConflictCodes from './2026-11-30T0400_request_conflict_codes';
import * as notificationAbout from './2026-11-30T0500_notification_about';
import * as messageAbout from './2026-11-30T0510_message_about';
import * as requestResponseAbout from './2026-11-30T0520_request_response_about';

/** Every migration, by name; names sort in the order they apply. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0000_initial_schema': initialSchema,
  '2026-11-22T0100_vendor_search': vendorSearch,
  '2026-11-22T0200_requests_to_unclaimed_listings': unclaimedRequests,
  '2026-11-22T0300_vendor_name_search': vendorNameSearch,
  '2026-11-22T0400_vendor_category_location': vendorCategoryLocation,
  '2026-11-23T0000_limits_and_mail': limitsAndMail,
  '2026-11-23T0100_family_consent': familyConsent,
  '2026-11-23T0200_auth_hardening': authHardening,
  '2026-11-23T0300_uploads': uploads,
  '2026-11-23T0500_mail_worker': mailWorker,
  '2026-11-23T0600_vendor_name_key': vendorNameKey,
  '2026-11-23T0700_known_devices': knownDevices,
  '2026-11-23T0800_row_versions': rowVersions,
  '2026-11-23T0900_idempotency_keys': idempotencyKeys,
  '2026-11-23T1000_messaging': messaging,
  '2026-11-23T1100_vendor_side': vendorSide,
  '2026-11-24T0000_admin': admin,
  '2026-11-27T0000_search_word_forms': searchWordForms,
  '2026-11-27T0100_category_art_is_drawn': categoryArtIsDrawn,
  '2026-11-29T0000_reports_name_the_reported': reportsNameTheReported,
  '2026-11-29T0100_vendor_name_skeleton': vendorNameSkeleton,
  '2026-11-29T0200_email_confirmation': emailConfirmation,
  '2026-11-29T0300_reported_messages': reportedMessages,
  '2026-11-29T0400_request_subjects_name_the_day': requestSubjectsNameTheDay,
  '2026-11-29T0410_user_last_seen': userLastSeen,
  '2026-11-29T0500_places_and_clocks': placesAndClocks,
  '2026-11-29T0600_calendar_feeds': calendarFeeds,
  '2026-11-29T0700_bookings': bookings,
  '2026-11-29T0710_vendor_availability': vendorAvailability,
  '2026-11-29T0730_review_rank': reviewRank,
  '2026-11-29T0740_kashrut': kashrut,
  '2026-11-29T0800_calendar_version': calendarVersion,
  '2026-11-29T0940_stored_files': storedFiles,
  '2026-11-29T2000_backups': backups,
  '2026-11-30T0000_guests': guests,
  '2026-11-30T0100_rsvp_notifications': rsvpNotifications,
  '2026-11-30T0200_hebrew_search': hebrewSearch,
  '2026-11-30T0300_languages': languages,
  '2026-11-30T0400_request_conflict_codes': requestConflictCodes,
  '2026-11-30T0500_notification_about': notificationAbout,
  '2026-11-30T0510_message_about': messageAbout,
  '2026-11-30T0520_request_response_about': requestResponseAbout,
};
