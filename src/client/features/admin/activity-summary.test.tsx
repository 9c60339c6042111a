import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeAction } from '../../../server/domains/admin/overview.service';
import type { Language } from '../../../shared/i18n';
import { type AdminActivityItemDto, AUDIT_ACTIONS } from '../../../shared/schemas/admin';
import { fixedCatalogues } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { LanguageProvider } from '../../i18n/language';
import { ActivitySummary, FEED_ACTION_WORDS } from './activity-summary';

const catalogues = fixedCatalogues({ en, he });

const item = (
  kind: AdminActivityItemDto['kind'],
  summary: string,
  about?: AdminActivityItemDto['about'],
): AdminActivityItemDto => ({
  kind,
  id: '00000000-0000-4000-8000-000000000001',
  at: new Date('2026-11-29T12:00:00Z'),
  actorEmail: 'someone@example.com',
  summary,
  about,
  tab: 'users',
});

/** The markup, without React's text separators. */
const render = (feedItem: AdminActivityItemDto, language: Language) =>
  renderToString(
    <LanguageProvider initial={language} catalogues={catalogues}>
      <ActivitySummary item={feedItem} />
    </LanguageProvider>,
  ).replace(/<!-- -->/g, '');
const text = (html: string) => html.replace(/<[^>]+>/g, '');

/** Items as the server writes them (overview.service.ts), with the Hebrew the feed shows for each. */
const ITEMS: [AdminActivityItemDto, string][] = [
  [item('signup', 'Signed up as a vendor', { role: 'vendor' }), 'הרשמה כספק'],
  [item('signup', 'Signed up as a customer', { role: 'customer' }), 'הרשמה כלקוח'],
  [item('signup', 'Signed up as an admin', { role: 'admin' }), 'הרשמה כמנהל מערכת'],
  [
    item('claim', 'Claimed Simcha Hall', { businessName: 'Simcha Hall', status: 'pending' }),
    'בקשת בעלות על <bdi>Simcha Hall</bdi>',
  ],
  [
    item('claim', 'Claimed Simcha Hall (approved)', { businessName: 'Simcha Hall', status: 'approved' }),
    'בקשת בעלות על <bdi>Simcha Hall</bdi> (אושרה)',
  ],
  [
    item('claim', 'Claimed Simcha Hall (revoked)', { businessName: 'Simcha Hall', status: 'revoked' }),
    'בקשת בעלות על <bdi>Simcha Hall</bdi> (נשללה)',
  ],
  [
    item('report', 'Reported a conversation: Rude messages', { reason: 'Rude messages' }),
    'דיווח על שיחה: <bdi>Rude messages</bdi>',
  ],
  [
    item('admin', 'Hid the listing: Spam listing', { action: 'vendor.hide', reason: 'Spam listing' }),
    'הסתרת דף העסק: <bdi>Spam listing</bdi>',
  ],
  [item('admin', 'Verified the listing', { action: 'vendor.verify' }), 'אימות דף העסק'],
];

describe("the activity feed's sentences", () => {
  it("read in English exactly as the server's summary, names and reasons isolated", () => {
    for (const [feedItem] of ITEMS) {
      const html = render(feedItem, 'en');
      expect(text(html)).toBe(feedItem.summary);
      if (feedItem.about?.businessName) expect(html).toContain(`<bdi>${feedItem.about.businessName}</bdi>`);
      if (feedItem.about?.reason) expect(html).toContain(`<bdi>${feedItem.about.reason}</bdi>`);
    }
  });

  it('read in Hebrew', () => {
    for (const [feedItem, hebrew] of ITEMS) expect(render(feedItem, 'he')).toBe(hebrew);
  });

  it('say every audit action in the words the server uses, and in Hebrew', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(render(item('admin', describeAction(action), { action }), 'en')).toBe(describeAction(action));
      expect(he[FEED_ACTION_WORDS[action]]).toMatch(/^[\u05d0-\u05ea]/);
    }
  });

  it("fall back to the server's summary without its values or with one this screen does not know", () => {
    for (const feedItem of [
      item('signup', 'Signed up as a vendor'),
      item('signup', 'Signed up as a planner', { role: 'planner' }),
      item('claim', 'Claimed Simcha Hall (merged)', { businessName: 'Simcha Hall', status: 'merged' }),
      item('admin', 'vendor.merge: Duplicate', { action: 'vendor.merge', reason: 'Duplicate' }),
    ]) {
      expect(render(feedItem, 'he')).toBe(feedItem.summary);
    }
  });
});
