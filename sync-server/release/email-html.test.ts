/**
 * The HTML part of an e-mail (email-html.ts): every word escaped, and only the server's own
 * addresses made links. An owner's name is theirs to write, and the app's e-mails carry it to
 * trustees and recipients: "Alice https://evil.example" in a name must not become a link in an
 * e-mail sent in Afterword's name (security review s23-i18n L1); the plain text part is the words.
 */
import { describe, expect, it } from 'vitest';
import { emailHtml } from './email-html';

describe('the HTML part of an e-mail', () => {
  it("links the server's own addresses only; anything else is escaped text", () => {
    const text = 'Dear Maria,\n\nAlice <b>https://evil.example/x</b> asked you.\nOpen https://afterword.test/kit/abc?x=1&y=2\n\nWith care,\nAfterword';
    const html = emailHtml('A trustee <asked>', text, 'ar', 'https://afterword.test');
    expect(html).toContain('<a href="https://afterword.test/kit/abc?x=1&amp;y=2">https://afterword.test/kit/abc?x=1&amp;y=2</a>');
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('&lt;b&gt;https://evil.example/x&lt;/b&gt;');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>A trustee &lt;asked&gt;</title>');
    // An address that only starts like the server's is not the server's.
    expect(emailHtml('s', 'https://afterword.test.evil.example/x', 'en', 'https://afterword.test')).not.toContain('<a ');
  });
});
