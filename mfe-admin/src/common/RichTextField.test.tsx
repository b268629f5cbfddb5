import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepsInRichText, RichTextField } from './RichTextField';

/** The field in a form that keeps its value, showing what it would send. */
function Harness({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextField label="Content" value={html} onChange={setHtml} hint="Sanitised on save." />
      <output data-testid="sent">{html}</output>
    </>
  );
}
const sent = () => screen.getByTestId('sent').textContent;
const toolbar = () => screen.getByRole('toolbar', { name: 'Content: formatting' });

describe('the rich-text content field', () => {
  it('shows the content formatted, and its toolbar changes the HTML the form sends', () => {
    render(<Harness initial="<h2>Overview</h2><p>Learn <strong>grid</strong>.</p>" />);
    const editor = screen.getByRole('textbox', { name: 'Content' });
    expect(editor.querySelector('h2')?.textContent).toBe('Overview');
    expect(editor.querySelector('strong')?.textContent).toBe('grid');
    // the caret starts in the heading: make it a bulleted list item, then a quote
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Heading' }));
    expect(sent()).toBe('<p>Overview</p><p>Learn <strong>grid</strong>.</p>');
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Bulleted list' }));
    expect(sent()).toBe('<ul><li><p>Overview</p></li></ul><p>Learn <strong>grid</strong>.</p>');
    expect(
      within(toolbar()).getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('opens content it cannot hold (an image, a table) as HTML, so nothing is dropped', () => {
    const withImage = '<p>Map</p><img src="/media/map.png" alt="Map">';
    expect(keepsInRichText(withImage)).toBe(false);
    expect(keepsInRichText('<h3>Fine</h3><ul><li>ok</li></ul>')).toBe(true);
    render(<Harness initial={withImage} />);
    const source = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    expect(source.tagName).toBe('TEXTAREA');
    expect(source.value).toBe(withImage);
    expect(screen.getByText(/has elements the formatting toolbar cannot keep/).textContent).toContain(
      'edit it as HTML',
    );
    fireEvent.change(source, { target: { value: '<p>Plain now</p>' } });
    expect(sent()).toBe('<p>Plain now</p>');
    // back to formatted text once nothing would be lost
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Edit as HTML' }));
    expect(screen.getByRole('textbox', { name: 'Content' }).querySelector('p')?.textContent).toBe(
      'Plain now',
    );
  });
});
