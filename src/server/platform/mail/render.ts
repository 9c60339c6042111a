import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n';
import { FSI, mailTexts, PDI } from './mail-texts';

/**
 * One layout for every mail the product sends: a plain-text part that reads well on its own and an
 * HTML part built the way mail clients render reliably (nested tables, inline styles, no external
 * CSS, images or scripts). Every piece of content is escaped: names, messages and URLs come from
 * users.
 */

export interface MailLayout {
  /** Hidden line shown by inboxes next to the subject. */
  preheader?: string;
  greeting: string;
  paragraphs: string[];
  /** A button in HTML and a bare URL line in text. */
  action?: { label: string; url: string };
  /** Small print under the content, e.g. why the reader got this mail. */
  footer?: string;
  /**
   * The language the content is written in (English when absent): the sign-off and the layout's own
   * words follow it, and a right-to-left language sets `dir="rtl"` and right-aligned text.
   */
  language?: Language;
}

const BRAND = {
  blue: '#1e3a8a',
  blueDark: '#172554',
  gold: '#d4a017',
  goldLight: '#fbf3dc',
  page: '#f3f4f8',
  text: '#1f2937',
  muted: '#6b7280',
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif",
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Only http(s) links become buttons: a `javascript:` or `data:` URL in a mail would be an attack
 * on whoever clicks it, so anything else is shown as text only.
 */
function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The isolates of the text (FSI ... PDI, mail-texts.ts) as `<bdi>` elements, the HTML way to keep a
 * name or an address in its own direction. Only paired ones become elements; a stray one is dropped.
 */
function isolatesAsBdi(escaped: string): string {
  let open = 0;
  let out = '';
  for (const char of escaped) {
    if (char === FSI) {
      open += 1;
      out += '<bdi>';
    } else if (char === PDI) {
      if (open > 0) {
        open -= 1;
        out += '</bdi>';
      }
    } else {
      out += char;
    }
  }
  return out + '</bdi>'.repeat(open);
}

/** Escaped HTML of a text: the author's line breaks kept, isolates as `<bdi>`. */
function htmlLines(value: string): string {
  return isolatesAsBdi(escapeHtml(value)).replace(/\r?\n/g, '<br>');
}

/** The layout's own words, and its direction's attributes (none at all for left to right). */
function layoutOf(language: Language) {
  const texts = mailTexts(language);
  const rtl = texts.dir === 'rtl';
  return {
    language,
    signOff: texts.t('layout.signOff'),
    tagline: texts.t('layout.tagline'),
    buttonFallback: texts.t('layout.buttonFallback'),
    htmlAttributes: rtl ? ` lang="${language}" dir="rtl"` : ` lang="${language}"`,
    /** On each table: Gmail and others drop <html>'s attributes, so the direction is repeated inside. */
    dir: rtl ? ' dir="rtl"' : '',
    /** A bare URL and the brand's logo read left to right inside right-to-left text. */
    ltr: rtl ? ' dir="ltr"' : '',
    /** Added to the style of each block of text. */
    align: rtl ? 'direction:rtl;text-align:right;' : '',
  };
}

type Layout = ReturnType<typeof layoutOf>;

function renderText(mail: MailLayout, layout: Layout): string {
  const blocks = [mail.greeting, ...mail.paragraphs];
  if (mail.action) blocks.push(`${mail.action.label}:\n${mail.action.url}`);
  blocks.push(layout.signOff);
  let text = blocks.join('\n\n');
  if (mail.footer) text += `\n\n--\n${mail.footer}`;
  return `${text}\n`;
}

function renderButton(action: { label: string; url: string }, layout: Layout): string {
  const label = htmlLines(action.label);
  const url = escapeHtml(action.url);
  if (!isWebUrl(action.url)) {
    return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${label}: ${url}</p>`;
  }
  return [
    `<table role="presentation"${layout.dir} border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;">`,
    '<tr>',
    `<td align="center" bgcolor="${BRAND.blue}" style="border-radius:6px;border-bottom:3px solid ${BRAND.gold};">`,
    `<a href="${url}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${BRAND.font};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a>`,
    '</td>',
    '</tr>',
    '</table>',
    `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${BRAND.muted};${layout.align}">${htmlLines(layout.buttonFallback)}<br><a href="${url}" target="_blank"${layout.ltr} style="color:${BRAND.blue};word-break:break-all;">${url}</a></p>`,
  ].join('');
}

function renderHtml(mail: MailLayout, layout: Layout): string {
  const { dir, align } = layout;
  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${BRAND.text};${align}">${htmlLines(value)}</p>`;
  const preheader = mail.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${BRAND.page};opacity:0;">${isolatesAsBdi(escapeHtml(mail.preheader))}</div>`
    : '';
  const footer = mail.footer
    ? `<p style="margin:0 0 8px;font-size:12px;line-height:18px;color:${BRAND.muted};${align}">${htmlLines(mail.footer)}</p>`
    : '';
  const tagline = htmlLines(layout.tagline);
  return `<!DOCTYPE html>
<html${layout.htmlAttributes}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>SimchaHub</title>
</head>
<body${dir} style="margin:0;padding:0;background-color:${BRAND.page};">
${preheader}
<table role="presentation"${dir} width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${BRAND.page}" style="background-color:${BRAND.page};">
<tr>
<td align="center" style="padding:24px 12px;">
<table role="presentation"${dir} width="600" border="0" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;overflow:hidden;font-family:${BRAND.font};">
<tr>
<td bgcolor="${BRAND.blue}" style="background-color:${BRAND.blue};padding:20px 32px;border-bottom:4px solid ${BRAND.gold};${align}">
<span${layout.ltr} style="font-family:${BRAND.font};font-size:24px;font-weight:bold;color:#ffffff;letter-spacing:0.5px;">Simcha<span style="color:${BRAND.gold};">Hub</span></span>
<br><span style="font-family:${BRAND.font};font-size:13px;color:${BRAND.goldLight};">${tagline}</span>
</td>
</tr>
<tr>
<td style="padding:32px;font-family:${BRAND.font};color:${BRAND.text};${align}">
<p style="margin:0 0 16px;font-size:18px;line-height:26px;font-weight:bold;color:${BRAND.blueDark};${align}">${htmlLines(mail.greeting)}</p>
${mail.paragraphs.map(paragraph).join('\n')}
${mail.action ? renderButton(mail.action, layout) : ''}
<p style="margin:0;font-size:16px;line-height:24px;color:${BRAND.text};${align}">${htmlLines(layout.signOff)}</p>
</td>
</tr>
<tr>
<td bgcolor="${BRAND.goldLight}" style="background-color:${BRAND.goldLight};padding:16px 32px;border-top:1px solid ${BRAND.gold};font-family:${BRAND.font};${align}">
${footer}<p style="margin:0;font-size:12px;line-height:18px;color:${BRAND.muted};${align}">SimchaHub &middot; ${tagline}</p>
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;
}

export function renderMail(mail: MailLayout): { text: string; html: string } {
  const layout = layoutOf(mail.language ?? DEFAULT_LANGUAGE);
  return { text: renderText(mail, layout), html: renderHtml(mail, layout) };
}
