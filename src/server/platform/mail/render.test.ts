import { describe, expect, it } from 'vitest';
import { passwordResetMail } from '../../domains/auth/auth.mails';
import { escapeHtml, renderMail } from './render';

const hostile = `<script>alert("x")</script> & 'quoted' <img src=x onerror=alert(1)>`;

describe('renderMail', () => {
  it('escapes every piece of content in the HTML part', () => {
    const { html } = renderMail({
      preheader: hostile,
      greeting: `Hello ${hostile}`,
      paragraphs: [hostile, `second ${hostile}`],
      action: { label: hostile, url: 'https://example.test/a?x=1&y="2"<b>' },
      footer: hostile,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"2"<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(html).toContain('href="https://example.test/a?x=1&amp;y=&quot;2&quot;&lt;b&gt;"');
    // Preheader, greeting, two paragraphs, button label and footer.
    expect(html.split('&lt;script&gt;').length - 1).toBe(6);
  });

  it('never turns a non-web URL into a link', () => {
    const { html, text } = renderMail({
      greeting: 'Hi',
      paragraphs: [],
      action: { label: 'Open', url: 'javascript:alert(1)' },
    });
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('Open: javascript:alert(1)');
    expect(text).toContain('javascript:alert(1)');
  });

  it('keeps line breaks of paragraphs in both parts', () => {
    const { html, text } = renderMail({ greeting: 'Hi', paragraphs: ['one\ntwo'] });
    expect(html).toContain('one<br>two');
    expect(text).toContain('one\ntwo');
  });

  it('writes a text part that reads on its own, with the action as a bare URL line', () => {
    const { text } = renderMail({
      preheader: 'hidden line',
      greeting: 'Hello Dana,',
      paragraphs: ['First <b>paragraph</b> & more.', 'Second paragraph.'],
      action: { label: 'Open SimchaHub', url: 'https://simchahub.test/x?a=1&b=2' },
      footer: 'Why you got this.',
    });
    expect(text).toBe(
      [
        'Hello Dana,',
        '',
        'First <b>paragraph</b> & more.',
        '',
        'Second paragraph.',
        '',
        'Open SimchaHub:',
        'https://simchahub.test/x?a=1&b=2',
        '',
        'The SimchaHub team',
        '',
        '--',
        'Why you got this.',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('hidden line');
    expect(text).not.toMatch(/&amp;|<table|<p/);
  });

  it('builds an email-safe HTML document: tables, inline styles, branding, no external resources', () => {
    const { html } = renderMail({
      preheader: 'Preview text',
      greeting: 'Hello',
      paragraphs: ['Body'],
      action: { label: 'Go', url: 'https://simchahub.test/go' },
    });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain('#1e3a8a');
    expect(html).toContain('#d4a017');
    expect(html).toContain('Preview text');
    expect(html).toContain('<a href="https://simchahub.test/go" target="_blank"');
    expect(html).not.toMatch(/<style|<link|<script|<img|class=/);
    expect(html).not.toContain('undefined');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('passwordResetMail', () => {
  it('has the subject, the link in both parts and the validity', () => {
    const url = 'https://simchahub.test/reset-password#token=abc_DEF-123';
    const mail = passwordResetMail({ name: 'Miriam <Cohen>', resetUrl: url, validMinutes: 30 });
    expect(mail.subject).toBe('Reset your SimchaHub password');
    expect(mail.text).toContain('Hello Miriam <Cohen>,');
    expect(mail.text).toContain(`\n${url}\n`);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('Hello Miriam &lt;Cohen&gt;,');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('30 minutes');
  });
});
