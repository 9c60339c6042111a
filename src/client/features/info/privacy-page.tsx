import { InfoPage, InfoSection, MailLink, Paragraph } from './info-page';

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" intro="What SimchaHub keeps about you, why, and who can see it.">
      <InfoSection title="What we collect">
        <Paragraph>
          Your name, email address and password when you create an account, and, if you choose to give them,
          your phone number and family label. We also keep what you add while planning: events, tasks,
          deposits, memos, availability requests and messages, and your preferences for Hebrew dates, Shabbat
          warnings and email notifications.
        </Paragraph>
      </InfoSection>
      <InfoSection title="How we protect it">
        <Paragraph>
          Passwords are never stored as you type them: we keep only a one-way hash. Your session is held in a
          secure, http-only cookie that scripts on the page cannot read, and it is removed when you sign out.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Who can see what">
        <Paragraph>
          A vendor sees the details you send in an availability request or a message. Members of your family
          circle see the family’s events. Anyone with an event’s share link can view that event. Vendors’
          phone numbers, email addresses and websites are shown only to signed-in members.
        </Paragraph>
        <Paragraph>We do not sell your personal information and we do not show advertising.</Paragraph>
      </InfoSection>
      <InfoSection title="Your choices">
        <Paragraph>
          You can change your details and preferences at any time in Profile Settings, including turning off
          email notifications. To delete your account and your data, write to{' '}
          <MailLink address="privacy@simchahub.com" /> from the email address on your account.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
