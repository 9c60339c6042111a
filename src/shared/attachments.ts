import { REQUEST_MESSAGES } from './schemas/requests';
import { UPLOAD_MESSAGES } from './upload-images';

/** The multipart field an attachment's file is sent in. */
export const ATTACHMENT_FIELD = 'file';

export const ATTACHMENT_MESSAGES = {
  notAllowed: REQUEST_MESSAGES.attachments,
  /** The bytes are of another kind than the four allowed: a name or a stated type does not make them one. */
  notThatKind: "This file's contents are not a JPG, PNG, GIF or PDF, whatever its name says",
  damaged: 'This image is damaged or incomplete: it could not be read',
  empty: 'The file is empty',
  tooLarge: 'Attachments must be smaller than 10MB',
  tooManyPixels: UPLOAD_MESSAGES.tooManyPixels,
  notMultipart: `Send the file as multipart/form-data, with the file in the field "${ATTACHMENT_FIELD}"`,
  noBoundary: UPLOAD_MESSAGES.noBoundary,
  incomplete: UPLOAD_MESSAGES.incomplete,
  malformed: UPLOAD_MESSAGES.malformed,
  noFile: `The form has no file in the field "${ATTACHMENT_FIELD}"`,
  wrongField: `Send the file in the field "${ATTACHMENT_FIELD}"`,
  oneFile: 'Send one file per upload',
  onlyFileField: `The form may contain only the file field "${ATTACHMENT_FIELD}"`,
  tooFast: 'You are uploading files too quickly.',
  adminsCannot: 'Only families and vendors can attach files to conversations',
  notFound: 'Attachment not found',
} as const;
