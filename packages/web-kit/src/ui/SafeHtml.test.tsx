import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanHtml, SafeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('keeps formatting and drops scripts, handlers, styles, forms, frames and javascript: links', () => {
    const clean = cleanHtml(
      '<h2>Setup</h2><p><strong>Bold</strong> <img src="x" onerror="alert(1)"><script>alert(2)</script></p>' +
        '<a href="javascript:alert(3)">bad</a><style>p{}</style><form><input></form><iframe src="/x"></iframe>' +
        '<p style="color:red">red</p>',
    );
    expect(clean).toContain('<h2>Setup</h2>');
    expect(clean).toContain('<strong>Bold</strong>');
    expect(clean).not.toMatch(/onerror|<script|javascript:|<style|<form|<input|<iframe|style=/);
  });

  it("opens links in a new tab without this page; people's posts also carry nofollow and ugc", () => {
    const html = '<p><a href="https://example.com/">site</a></p>';
    const { container, rerender } = render(<SafeHtml html={html} testId="body" />);
    const link = () => container.querySelector('a')!;
    expect(link().getAttribute('target')).toBe('_blank');
    expect(link().getAttribute('rel')).toBe('noopener noreferrer');
    rerender(<SafeHtml html={html} source="ugc" testId="body" />);
    expect(link().getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(container.querySelector('[data-testid="body"]')!.textContent).toBe('site');
  });
});
