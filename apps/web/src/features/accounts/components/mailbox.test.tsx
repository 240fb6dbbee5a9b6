import { describe, expect, it } from 'vitest';
import { mailHtmlForDisplay } from './mailbox';

describe('mailHtmlForDisplay', () => {
  const here = new URL('http://127.0.0.1:4000/dev/mailbox') as unknown as Location;

  it('makes links to this machine under another name relative, keeps other links', () => {
    const html =
      '<p><a href="http://localhost:4000/reset-password?token=abc">Reset</a> <a href="https://example.com/x">Other</a></p>';
    const out = mailHtmlForDisplay(html, here);
    expect(out).toContain('href="/reset-password?token=abc"');
    expect(out).toContain('href="https://example.com/x"');
  });

  it('drops scripts and event handlers', () => {
    const out = mailHtmlForDisplay('<p onclick="alert(1)">Hi</p><script>alert(2)</script>', here);
    expect(out).toBe('<p>Hi</p>');
  });
});
