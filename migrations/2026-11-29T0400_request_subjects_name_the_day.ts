import { type Kysely, sql } from 'kysely';

/**
 * The subject of the conversation an availability request opens names its date as the app writes
 * dates ('Wedding on Tue, Jun 15, 2027: availability request', shared/schemas/requests.ts), no longer
 * as '2027-06-15'. Subjects stored in the old form, and only those, are written in the new one.
 */
const OLD_FORM = '^(.*) on ([0-9]{4}-[0-9]{2}-[0-9]{2}): availability request$';
const NEW_FORM = '^(.*) on [A-Z][a-z]{2}, ([A-Z][a-z]{2} [0-9]{1,2}, [0-9]{4}): availability request$';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE message_threads
    SET subject = substring(subject FROM ${OLD_FORM}) || ' on '
      || to_char(substring(subject FROM ${`^.* on ([0-9]{4}-[0-9]{2}-[0-9]{2}): availability request$`})::date, 'Dy, Mon FMDD, YYYY')
      || ': availability request'
    WHERE subject ~ ${OLD_FORM}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE message_threads
    SET subject = substring(subject FROM ${NEW_FORM}) || ' on '
      || to_char(to_date(substring(subject FROM ${`^.* on [A-Z][a-z]{2}, ([A-Z][a-z]{2} [0-9]{1,2}, [0-9]{4}): availability request$`}), 'Mon DD, YYYY'), 'YYYY-MM-DD')
      || ': availability request'
    WHERE subject ~ ${NEW_FORM}`.execute(db);
}
