import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Lock, Trash2 } from './index';

describe('icons', () => {
  it('draw Lucide markup at the size asked, in the current colour', () => {
    const { container } = render(<Trash2 size={16} className="danger" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('16');
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('class')).toBe('lucide lucide-trash danger');
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('are hidden from assistive technology unless given a name', () => {
    const { container, getByRole } = render(
      <>
        <Lock />
        <Lock role="img" aria-label="Locked" />
      </>,
    );
    const [decorative, named] = container.querySelectorAll('svg');
    expect(decorative!.getAttribute('aria-hidden')).toBe('true');
    expect(named!.hasAttribute('aria-hidden')).toBe(false);
    expect(getByRole('img', { name: 'Locked' })).toBe(named);
  });
});
