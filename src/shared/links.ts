/**
 * Whether a link is a path of this app, safe to follow in place: one '/' followed by neither '/'
 * nor '\' (browsers and React Router read '//host/x' and '/\host/x' as another site), and no control
 * characters (URL parsers drop tabs and line breaks, so '/\t/host' would become '//host').
 * Notification links must be such paths; the table's check says the same.
 */
export function isAppPath(link: string): boolean {
  if (!/^\/(?![/\\])/.test(link)) return false;
  for (let i = 0; i < link.length; i++) {
    const code = link.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** The invite link of a circle: the label URL-encoded in the path, the token in the fragment. */
export function inviteLink(origin: string, label: string, token: string): string {
  return `${origin}/invite/${encodeURIComponent(label)}#token=${encodeURIComponent(token)}`;
}
